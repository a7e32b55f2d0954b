package io.hbench.report;

import io.hbench.cli.CommandLineProgram;
import io.hbench.cli.ProgramMessages;
import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.error.ExitStatus;
import io.hbench.error.InvalidOptionException;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.MissingArgumentException;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;
import org.apache.commons.cli.UnrecognizedOptionException;
import org.apache.hadoop.conf.Configuration;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.stream.Collectors;

import static java.util.Objects.requireNonNull;

/**
 * The command-line shape of the programs that read results rather than run benchmarks (Compare, Report): they need no
 * cluster, so they take no generic Hadoop options. Bad input of any kind, an unreadable file included, is one line on
 * stderr and exit 2; never a stack trace. Every line on stderr goes through {@link #printError}, which escapes what a
 * file put in it ({@link ProgramMessages#error}).
 */
public abstract class ResultsCommand implements CommandLineProgram {
    protected final PrintStream out;
    protected final PrintStream err;

    protected ResultsCommand(PrintStream out, PrintStream err) {
        this.out = requireNonNull(out, "out is null");
        this.err = requireNonNull(err, "err is null");
    }

    /** The usage line, after "Usage: ". */
    protected abstract String usage();

    protected abstract void addOptions(Options options);

    /** Runs with the parsed line; bad input throws IllegalArgumentException or IOException with a one-line message. */
    protected abstract ExitStatus run(CommandLine line) throws IOException;

    @Override
    public final int runCommandLine(Configuration conf, String[] args) {
        Options options = new Options();
        addOptions(options);
        options.addOption(Option.builder("help").desc("print this help").build());
        try {
            CommandLine line = DefaultParser.builder().setAllowPartialMatching(false).build().parse(options, args);
            if (line.hasOption("help")) {
                ProgramMessages.printHelp(out, usage(), options);
                return ExitStatus.SUCCESS.code();
            }
            return run(line).code();
        } catch (UnrecognizedOptionException e) {
            return usageError(ProgramMessages.unknownOption(e));
        } catch (MissingArgumentException e) {
            return usageError(ProgramMessages.missingValue(e));
        } catch (InvalidOptionException e) {
            return usageError(e.messageNaming(option -> "-" + option));
        } catch (ParseException | IllegalArgumentException e) {
            return usageError(e.getMessage());
        } catch (BenchException e) {
            if (e.errorCode() == ErrorCode.INVALID_ARGUMENT) {
                // A flag's value that FlagValues refused.
                return usageError(e.getMessage());
            }
            // An output that cannot or may not be written: the line says what to do, the usage would bury it.
            printError(e.getMessage());
            return e.exitStatus().code();
        } catch (IOException e) {
            printError(e.getMessage());
            return ExitStatus.USAGE.code();
        }
    }

    /** One line on stderr, after the program's name, with whatever a file put in it escaped. */
    protected final void printError(String message) {
        ProgramMessages.error(err, name(), message);
    }

    protected static List<Path> paths(List<String> names) {
        return names.stream().map(Paths::get).collect(Collectors.toList());
    }

    private int usageError(String message) {
        return ProgramMessages.usageError(err, name(), usage(), message);
    }
}
