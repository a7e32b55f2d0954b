package io.hbench.report;

import io.hbench.cli.CommandLineProgram;
import io.hbench.cli.ExitMapping;
import io.hbench.cli.FlagNames;
import io.hbench.cli.FlagParser;
import io.hbench.cli.ProgramMessages;
import io.hbench.error.ExitStatus;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.stream.Collectors;

import static java.util.Objects.requireNonNull;

/**
 * The command-line shape of the programs that read results rather than run benchmarks (Compare, Report): they need no
 * cluster, so they take no generic Hadoop options. Their flags are read as every program's ({@link FlagParser}), and
 * what they throw is mapped to an exit status as every program's ({@link ExitMapping}): bad input of any kind, an
 * unreadable file included, is one line on stderr and exit 2; never a stack trace. Every line on stderr goes through
 * {@link #printError}, which escapes what a file put in it ({@link ProgramMessages#error}).
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
        options.addOption(FlagParser.present("help", "print this help"));
        ExitMapping exits = new ExitMapping(name(), err, FlagNames.SAME, false);
        try {
            CommandLine line = FlagParser.parse(options, args);
            if (line.hasOption("help")) {
                ProgramMessages.printHelp(out, usage(), options);
                return ExitStatus.SUCCESS.code();
            }
            return run(line).code();
        } catch (IOException e) {
            return exits.inputRefused(e);
        } catch (UncheckedIOException e) {
            return exits.inputRefused(e.getCause());
        } catch (RuntimeException e) {
            return exits.statusOf(e, false);
        }
    }

    /** One line on stderr, after the program's name, with whatever a file put in it escaped. */
    protected final void printError(String message) {
        ProgramMessages.error(err, name(), message);
    }

    protected static List<Path> paths(List<String> names) {
        return names.stream().map(Paths::get).collect(Collectors.toList());
    }
}
