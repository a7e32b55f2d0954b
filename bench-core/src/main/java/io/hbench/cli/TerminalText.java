package io.hbench.cli;

import java.util.Locale;

import static java.util.Objects.requireNonNull;

/**
 * Text read from a result file, made safe to print: a file can hold any character, and a terminal obeys the control
 * characters among them (ESC retitles or clears it, CR and LF forge lines, U+202E reverses what follows). Every
 * character that prints nothing is shown as its escape instead: {@code \n}, {@code \r}, {@code \t}, {@code \x1b} below
 * U+0100, {@code \u2028} in the rest of the BMP, {@code \U000E0001} above it. Escaping what is already escaped changes
 * nothing.
 */
public final class TerminalText {
    private TerminalText() {}

    public static String escape(String text) {
        requireNonNull(text, "text is null");
        if (text.codePoints().allMatch(TerminalText::printable)) {
            return text;
        }
        StringBuilder escaped = new StringBuilder(text.length() + 8);
        text.codePoints().forEach(codePoint -> {
            if (printable(codePoint)) {
                escaped.appendCodePoint(codePoint);
            } else {
                escaped.append(escape(codePoint));
            }
        });
        return escaped.toString();
    }

    /**
     * Whether a character shows as itself: not a control (C0, DEL, C1), format (U+200B, U+202E, ...), line or paragraph
     * separator, surrogate, private-use or unassigned character.
     */
    public static boolean printable(int codePoint) {
        switch (Character.getType(codePoint)) {
            case Character.CONTROL:
            case Character.FORMAT:
            case Character.LINE_SEPARATOR:
            case Character.PARAGRAPH_SEPARATOR:
            case Character.SURROGATE:
            case Character.PRIVATE_USE:
            case Character.UNASSIGNED:
                return false;
            default:
                return true;
        }
    }

    private static String escape(int codePoint) {
        switch (codePoint) {
            case '\n':
                return "\\n";
            case '\r':
                return "\\r";
            case '\t':
                return "\\t";
            default:
                if (codePoint < 0x100) {
                    return String.format(Locale.ROOT, "\\x%02x", codePoint);
                }
                return codePoint < 0x10000 ? String.format(Locale.ROOT, "\\u%04x", codePoint)
                        : String.format(Locale.ROOT, "\\U%08x", codePoint);
        }
    }
}
