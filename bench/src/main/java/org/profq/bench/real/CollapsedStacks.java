package org.profq.bench.real;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
     * @param exclusive  only stacks whose allocating frame (the one below the type) is the
     *                   program's own: djprof's exclusive rule, what profq records
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
                    if (exclusive) {
                        break;
                    }
                }
            }
            return profile;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
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
