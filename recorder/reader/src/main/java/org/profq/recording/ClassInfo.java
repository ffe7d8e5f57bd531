package org.profq.recording;

/** A class named in the recording: {@code name} as {@code Class.getTypeName()} gives it ({@code long[][]}, {@code a.B$C}). */
public record ClassInfo(int id, String name) {
    /** The package, or "" for the unnamed package and for primitive arrays. */
    public String packageName() {
        String element = name.replace("[]", "");
        int dot = element.lastIndexOf('.');
        return dot < 0 ? "" : element.substring(0, dot);
    }
}
