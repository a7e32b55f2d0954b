package io.hbench.error;

/** How a failure is said in one line: the words every program's one-line messages take from an exception. */
public final class ErrorText {
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
}
