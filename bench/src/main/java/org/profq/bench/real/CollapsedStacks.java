package org.profq.bench.real;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

/**
 * async-profiler's collapsed output ({@code frame;frame;...;leaf count}) turned into a
 * {@link MethodProfile}: each stack's weight goes to its innermost frame that is a method of
 * the program's own packages; stacks with none are the JDK's or the JVM's and are dropped.
 */
final class CollapsedStacks {
    private static final Pattern ANNOTATION = Pattern.compile("_\\[[a-z0-9]\\]$");

    private CollapsedStacks() {
    }

    /**
     * @param allocation an allocation profile: its leaf frame is the allocated type, not a method
     * @param exclusive  djprof's exclusive rule, what profq records: an allocation stack counts
     *                   only when its allocating frame (the one below the type) is the program's
     *                   own; a time sample goes to its innermost woven frame (JDK, JVM and profq's
     *                   own frames skipped: profq sees no call into them, so their time is their caller's self
     *                   time) and counts only when that frame is the program's own (time in a
     *                   woven library, such as PMD's Saxon, is the library's, not the caller's)
     */
    static MethodProfile read(Path collapsed, Program program, boolean allocation, boolean exclusive) {
        MethodProfile profile = new MethodProfile();
        try {
            for (String line : Files.readAllLines(collapsed)) {
                int space = line.lastIndexOf(' ');
                if (space < 0) {
                    continue;
                }
                double weight = Double.parseDouble(line.substring(space + 1));
                String[] frames = line.substring(0, space).split(";");
                int innermost = allocation ? frames.length - 2 : frames.length - 1;
                for (int i = innermost; i >= 0; i--) {
                    String method = methodName(frames[i]);
                    if (method != null && program.isOwn(method) && !MethodProfile.isSynthetic(method)) {
                        profile.add(method, weight);
                        break;
                    }
                    if (exclusive && (allocation || isWoven(frames[i]))) {
                        break;
                    }
                }
            }
            return profile;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The packages profq never weaves: the JDK's (the boot and platform loaders'), its own (the
     * advice, in a run under profq) and AspectJ's.
     */
    private static final List<String> UNWOVEN_PACKAGES = List.of("java.", "javax.", "jdk.", "sun.", "com.sun.", "org.w3c.",
            "org.xml.sax.", "org.ietf.", "org.profq.", "org.aspectj.", "aj.org.");

    /**
     * Whether a frame is a method profq weaves by default: a Java method (a class in a package:
     * {@code a/b/C.m}; native and kernel frames have no slash) of neither the JDK nor a hidden class.
     */
    static boolean isWoven(String frame) {
        String method = frame.contains("/") && !frame.endsWith("_[k]") ? methodName(frame) : null;
        if (method == null || MethodProfile.isSynthetic(method)) {
            return false;
        }
        for (String prefix : UNWOVEN_PACKAGES) {
            if (method.startsWith(prefix)) {
                return false;
            }
        }
        return true;
    }

    /** {@code org/h2/command/Parser.parse_[j]} → {@code org.h2.command.Parser.parse}; null for native frames. */
    static String methodName(String frame) {
        String name = ANNOTATION.matcher(frame).replaceAll("");
        if (!name.contains("/") && !name.contains(".")) {
            return null;
        }
        return name.replace('/', '.');
    }
}
