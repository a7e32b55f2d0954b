package io.hbench.perf;

import io.hbench.cli.FlagParser;
import io.hbench.cli.FlagValues;
import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.error.ExitStatus;
import java.util.List;
import java.util.function.Supplier;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

/**
 * The command line of a comparison: {@code -flag value} pairs, read as hbench's programs read theirs ({@link FlagParser},
 * case-insensitive), each value by {@link FlagValues}. A bad flag or value ends the JVM with one line on stderr, the
 * usage and exit status 2: a comparison runs for many minutes, so it must stop before it starts, not after.
 */
final class PerfFlags {
    private final String program;
    private final String usage;
    private final CommandLine line;

    private PerfFlags(String program, String usage, CommandLine line) {
        this.program = program;
        this.usage = usage;
        this.line = line;
    }

    /** Reads {@code args}, which may name only {@code flags} (without their dash), each with a value. */
    static PerfFlags parse(String program, String usage, String[] args, String... flags) {
        Options options = new Options();
        for (String flag : flags) {
            options.addOption(FlagParser.valued(flag, "value", null));
        }
        try {
            return new PerfFlags(program, usage, FlagParser.parse(options, args, List.of()));
        } catch (BenchException e) {
            throw exit(program, usage, e.getMessage());
        }
    }

    /** {@code -flag}'s whole number, at least {@code min}, or {@code otherwise} if not given. */
    int whole(String flag, int otherwise, int min) {
        return read(flag, otherwise, () -> FlagValues.wholeNumber("-" + flag, line.getOptionValue(flag), min,
                Integer.MAX_VALUE));
    }

    /** {@code -flag}'s whole number that may pass an int, at least {@code min}, or {@code otherwise} if not given. */
    long wholeLong(String flag, long otherwise, long min) {
        return read(flag, otherwise, () -> FlagValues.longNumber("-" + flag, line.getOptionValue(flag), min,
                Long.MAX_VALUE));
    }

    /** {@code -flag}'s size (binary units, a plain number is MB, as TestDFSIO reads it), or {@code otherwise}. */
    long size(String flag, long otherwise) {
        return read(flag, otherwise, () -> atLeast(flag, FlagValues.size("-" + flag, line.getOptionValue(flag)), 1));
    }

    /** {@code -flag}'s number of at least {@code min}, or {@code otherwise} if not given. */
    double decimal(String flag, double otherwise, double min) {
        return read(flag, otherwise, () -> atLeast(flag, FlagValues.decimal("-" + flag, line.getOptionValue(flag)), min));
    }

    /** {@code -flag}'s text, or {@code otherwise} if not given. */
    String text(String flag, String otherwise) {
        return line.getOptionValue(flag, otherwise);
    }

    boolean has(String flag) {
        return line.hasOption(flag);
    }

    /** Ends the JVM as a usage error: for a check of several flags together, after each was read. */
    void refuse(String problem) {
        throw exit(program, usage, problem);
    }

    private <T extends Number> T atLeast(String flag, T value, double min) {
        if (value.doubleValue() < min) {
            throw new BenchException(ErrorCode.INVALID_ARGUMENT, "-" + flag + " '" + line.getOptionValue(flag)
                    + "' is too small: at least " + java.math.BigDecimal.valueOf(min).stripTrailingZeros().toPlainString());
        }
        return value;
    }

    private <T> T read(String flag, T otherwise, Supplier<T> value) {
        if (!line.hasOption(flag)) {
            return otherwise;
        }
        try {
            return value.get();
        } catch (BenchException e) {
            throw exit(program, usage, e.getMessage());
        }
    }

    private static IllegalStateException exit(String program, String usage, String problem) {
        System.err.println(program + ": " + problem);
        System.err.println("Usage: " + usage);
        System.exit(ExitStatus.USAGE.code());
        return new IllegalStateException("unreachable: the JVM is exiting");
    }
}
