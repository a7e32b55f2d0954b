package io.hbench.cli;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.MissingArgumentException;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;
import org.apache.commons.cli.UnrecognizedOptionException;

/**
 * How every program of bench.jar, and bench-perf, declares and reads its own flags: single dash, whole names only, and
 * case-insensitive as in Hadoop's tools ({@code -OUT} is {@code -out}, {@code -nrfiles} is {@code -nrFiles}). A command
 * line it cannot read is a {@link BenchException} of a usage error code, whose one-line message names the flag or the
 * argument.
 */
public final class FlagParser {
    private static final Pattern NEGATIVE_NUMBER = Pattern.compile("-\\d+(\\.\\d*)?");

    private FlagParser() {
    }

    /** A flag that takes one value, shown as {@code -name <argName>} in the help. */
    public static Option valued(String name, String argName, String description) {
        return Option.builder(name).hasArg().argName(argName).desc(description).build();
    }

    /** A flag that takes every value up to the next flag ({@code -vs NEW...}). */
    public static Option valuedList(String name, String argName, String description) {
        return Option.builder(name).hasArgs().argName(argName).desc(description).build();
    }

    /** A flag without a value: giving it is the setting. */
    public static Option present(String name, String description) {
        return Option.builder(name).desc(description).build();
    }

    /** Reads {@code args}, which may hold any number of positional arguments after or among the flags. */
    public static CommandLine parse(Options options, String[] args) {
        return parse(options, args, Optional.empty());
    }

    /**
     * Reads {@code args}, whose positional arguments stand for {@code positionalFlags} in order (TeraGen's
     * {@code <rows> <output dir>}): no more of them than that, and none given both ways.
     */
    public static CommandLine parse(Options options, String[] args, List<String> positionalFlags) {
        return parse(options, args, Optional.of(positionalFlags));
    }

    private static CommandLine parse(Options options, String[] given, Optional<List<String>> positionalFlags) {
        String[] args = normalizeCase(options, given);
        try {
            CommandLine line = DefaultParser.builder().setAllowPartialMatching(false).build().parse(options, args);
            if (positionalFlags.isPresent()) {
                checkPositional(line, positionalFlags.get());
            }
            return line;
        } catch (UnrecognizedOptionException e) {
            throw positionalFlags.flatMap(positional -> negativePositional(options, args, e.getOption(), positional))
                    .orElseGet(() -> new BenchException(ErrorCode.UNKNOWN_OPTION, "unknown option " + e.getOption()));
        } catch (MissingArgumentException e) {
            String flag = "-" + e.getOption().getOpt();
            throw new BenchException(ErrorCode.MISSING_OPTION, flag + " needs a value: " + flag + " <"
                    + e.getOption().getArgName() + ">");
        } catch (ParseException e) {
            throw new BenchException(ErrorCode.INVALID_ARGUMENT, e.getMessage());
        }
    }

    private static void checkPositional(CommandLine line, List<String> positionalFlags) {
        List<String> rest = line.getArgList();
        if (rest.size() > positionalFlags.size()) {
            throw new BenchException(ErrorCode.UNKNOWN_OPTION,
                    "unexpected argument '" + rest.get(positionalFlags.size()) + "'");
        }
        for (int i = 0; i < rest.size(); i++) {
            String flag = positionalFlags.get(i);
            if (line.hasOption(flag)) {
                throw new BenchException(ErrorCode.CONFLICTING_OPTIONS, "'" + rest.get(i) + "' and -" + flag
                        + " both give the " + flag + ": give one");
            }
        }
    }

    /**
     * The parser takes a negative number where a positional argument stands ({@code RandBench -5 10 10}) for an
     * unknown option; no positional argument of a program may be negative, so that is said of the argument it is.
     */
    private static Optional<BenchException> negativePositional(Options options, String[] args, String token,
            List<String> positionalFlags) {
        if (positionalFlags.isEmpty() || !NEGATIVE_NUMBER.matcher(token).matches()) {
            return Optional.empty();
        }
        int positional = 0;
        for (int i = 0; i < args.length && !args[i].equals(token); i++) {
            Option option = args[i].startsWith("-") ? options.getOption(args[i].substring(1)) : null;
            if (option == null) {
                positional++;
            } else if (option.hasArg()) {
                i++;
            }
        }
        return Optional.of(positional < positionalFlags.size()
                ? new BenchException(ErrorCode.INVALID_ARGUMENT, "<" + positionalFlags.get(positional) + "> '" + token
                        + "' cannot be negative")
                : new BenchException(ErrorCode.UNKNOWN_OPTION, "unexpected argument '" + token + "'"));
    }

    /** Hadoop's tools accept {@code -nrfiles} for {@code -nrFiles}: each flag given in any case, as declared. */
    static String[] normalizeCase(Options options, String[] args) {
        Map<String, String> byLowerCase = new HashMap<>();
        for (Option option : options.getOptions()) {
            byLowerCase.put(option.getOpt().toLowerCase(Locale.ROOT), option.getOpt());
        }
        String[] normalized = args.clone();
        for (int i = 0; i < normalized.length; i++) {
            String arg = normalized[i];
            if (arg.startsWith("-") && arg.length() > 1) {
                String canonical = byLowerCase.get(arg.substring(1).toLowerCase(Locale.ROOT));
                if (canonical != null) {
                    normalized[i] = "-" + canonical;
                }
            }
        }
        return normalized;
    }
}
