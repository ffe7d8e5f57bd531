package org.profq.cli.output;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A page's fixed HTML, CSS and script, kept as a resource beside the class that fills it, with
 * {@code {{name}}} placeholders replaced in one pass (a value is never searched for further
 * placeholders). Values go in already escaped for where they stand: {@link #escape} for HTML
 * text and attributes, {@link Json#stringInScript} for data in a script.
 *
 * <p>A placeholder alone on its line stands for whole lines, as Mustache's standalone tags do:
 * it takes its line's end with it, so a value ends its own lines and an empty one leaves no
 * blank line behind.
 */
public final class HtmlTemplate {
    private static final Pattern PLACEHOLDER = Pattern.compile("(?m)^\\{\\{(\\w+)}}\n|\\{\\{(\\w+)}}");

    private final String resource;
    private final String text;

    HtmlTemplate(String resource, String text) {
        this.resource = resource;
        this.text = text;
    }

    /** The template in the resource {@code name} of {@code owner}'s package (UTF-8). */
    public static HtmlTemplate resource(Class<?> owner, String name) {
        try (InputStream in = owner.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("the page template " + name + " is missing beside " + owner.getName()
                        + "; the profq jar is incomplete, build it again");
            }
            return new HtmlTemplate(name, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the page template " + name, e);
        }
    }

    /** The page with every placeholder replaced; each must have a value and each value a placeholder. */
    public String fill(Map<String, String> values) {
        Set<String> unused = new HashSet<>(values.keySet());
        Matcher placeholder = PLACEHOLDER.matcher(text);
        StringBuilder page = new StringBuilder(text.length() * 2);
        while (placeholder.find()) {
            String name = placeholder.group(1) != null ? placeholder.group(1) : placeholder.group(2);
            String value = values.get(name);
            if (value == null) {
                throw new IllegalArgumentException(resource + " has {{" + name + "}} but no value was given for it");
            }
            unused.remove(name);
            placeholder.appendReplacement(page, Matcher.quoteReplacement(value));
        }
        if (!unused.isEmpty()) {
            throw new IllegalArgumentException(resource + " has no place for " + unused);
        }
        return placeholder.appendTail(page).toString();
    }

    /** {@code text} safe in HTML text and in a double-quoted attribute. */
    public static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
