package io.hbench.cli;

import io.hbench.error.ExitStatus;
import org.apache.commons.cli.HelpFormatter;
import org.apache.commons.cli.Options;

import java.io.PrintStream;
import java.io.PrintWriter;

/**
 * What every program of bench.jar, benchmark or not, says about its command line: the same words for the same
 * mistake, the same hint after a refusal, the same help layout.
 */
public final class ProgramMessages {
    private ProgramMessages() {}

    /**
     * Refuses a command line: the one-line reason, then where to read the usage; returns exit status 2. The message may
     * quote what a file or a file system held: its non-printing characters are escaped ({@link #error}).
     */
    public static int usageError(PrintStream err, String program, String message) {
        error(err, program, message);
        err.println(helpHint(program));
        return ExitStatus.USAGE.code();
    }

    /** The line after a refusal of the command line, pointing to the program's help. */
    private static String helpHint(String program) {
        return "Run '" + program + " -help' for usage.";
    }

    /**
     * Prints one error line, {@code program: message}, with the message's non-printing characters escaped, so that
     * whatever a file put in it cannot drive the terminal or forge a line ({@link TerminalText}).
     */
    public static void error(PrintStream err, String program, String message) {
        err.println(program + ": " + TerminalText.escape(message));
    }

    /** Prints the usage line and every option in the order they were added, then {@code closing} lines. */
    public static void printHelp(PrintStream out, String usage, Options options, String... closing) {
        PrintWriter writer = new PrintWriter(out);
        writer.println("Usage: " + usage);
        writer.println();
        HelpFormatter formatter = new HelpFormatter();
        formatter.setOptionComparator(null);
        formatter.printOptions(writer, 100, options, 2, 3);
        for (String line : closing) {
            writer.println(line);
        }
        writer.flush();
    }
}
