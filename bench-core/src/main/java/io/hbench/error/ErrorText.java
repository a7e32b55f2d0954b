package io.hbench.error;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/** How a failure is said in one line: the words every program's one-line messages take from an exception. */
public final class ErrorText {
    /**
     * A class name before a message, as Java's {@code toString} and Hadoop's wrappers put it ("java.io.IOException: ",
     * "org.apache.hadoop.ipc.RemoteException(java.io.FileNotFoundException): "): it names no cause a person acts on.
     */
    private static final Pattern CLASS_NAME_PREFIX = Pattern.compile(
            "\\b(?:[a-z_$][\\w$]*\\.)+[A-Z][\\w$]*(?:Exception|Error)(?:\\([\\w$.]+\\))?:\\s*");
    /** A class name that ends a line is the cause itself, said by its simple name ("NullPointerException"). */
    private static final Pattern CLASS_NAME_AT_END = Pattern.compile(
            "\\b(?:[a-z_$][\\w$]*\\.)+([A-Z][\\w$]*(?:Exception|Error))(?:\\([\\w$.]+\\))?$");
    /** How YARN's diagnostics of a task that threw begin. */
    private static final Pattern ERROR_PREFIX = Pattern.compile("^Error:\\s*");
    /** Hadoop's pointer to its wiki after a network failure: a link, not a cause. */
    private static final Pattern WIKI_POINTER = Pattern.compile(";\\s*For more details see:\\s*\\S+");
    private static final int MAX_CAUSES = 32;

    private ErrorText() {
    }

    /**
     * The first line of {@code e}'s message that says something, trimmed; the simple name of its class when the
     * message is missing, empty or blank, so that the line never ends in nothing.
     */
    public static String firstLine(Throwable e) {
        String message = e.getMessage();
        return message == null ? e.getClass().getSimpleName() : message.lines().map(String::trim)
                .filter(line -> !line.isEmpty()).findFirst().orElse(e.getClass().getSimpleName());
    }

    /**
     * What went wrong, in a few words, from {@code e} and its causes: the outermost message that says something of its
     * own, on one line, without class names. A wrapper that only repeats its cause ({@code new Exception(cause)}, whose
     * message is the cause's class and message) says nothing of its own; the message that wraps a cause usually ends
     * with the cause's and names what it was doing ("Call From a to b:8020 failed on connection exception: ..."), so
     * it says more than the cause alone. The simple class name of the innermost cause if no message says anything.
     */
    public static String cause(Throwable e) {
        List<Throwable> chain = causes(e);
        for (int i = 0; i < chain.size(); i++) {
            String words = plain(chain.get(i).getMessage());
            if (!words.isEmpty() && (i + 1 == chain.size() || !words.equals(plain(chain.get(i + 1).toString())))) {
                return words;
            }
        }
        return chain.get(chain.size() - 1).getClass().getSimpleName();
    }

    /**
     * The first line of {@code text} that says something, without the class names before its message, the
     * {@code "Error: "} that YARN's diagnostics begin with, and Hadoop's pointer to its wiki; a class name that ends
     * it by its simple name. Empty if {@code text} is null or blank.
     */
    public static String plain(String text) {
        if (text == null) {
            return "";
        }
        String line = text.lines().map(String::trim).filter(words -> !words.isEmpty()).findFirst().orElse("");
        String words = CLASS_NAME_PREFIX.matcher(ERROR_PREFIX.matcher(line).replaceFirst("")).replaceAll("");
        return WIKI_POINTER.matcher(CLASS_NAME_AT_END.matcher(words).replaceFirst("$1")).replaceAll("").trim();
    }

    /** {@code e} and its causes, outermost first, each once, at most {@value #MAX_CAUSES}. */
    public static List<Throwable> causes(Throwable e) {
        Map<Throwable, Boolean> seen = new IdentityHashMap<>();
        List<Throwable> chain = new ArrayList<>();
        for (Throwable cause = e; cause != null && chain.size() < MAX_CAUSES && seen.put(cause, true) == null;
                cause = cause.getCause()) {
            chain.add(cause);
        }
        return chain;
    }
}
