package io.hbench.cli;

import static java.util.Objects.requireNonNull;

import java.util.HashMap;
import java.util.Map;

/**
 * How a program's command line names the options its library names otherwise, for messages: a builder refuses
 * {@code compressionCodec}, TestDFSIO's user gave {@code -compression}. Every option not named here is {@code -option}.
 */
public final class FlagNames {
    /** Every option is named by its flag of the same name. */
    public static final FlagNames SAME = new FlagNames(Map.of());

    private final Map<String, String> flagByOption;

    private FlagNames(Map<String, String> flagByOption) {
        this.flagByOption = Map.copyOf(flagByOption);
    }

    /** The option {@code option} is named {@code flag} on the command line ({@code -rootDir}, or {@code <msgSize>}). */
    public FlagNames with(String option, String flag) {
        requireNonNull(option, "option is null");
        requireNonNull(flag, "flag is null");
        Map<String, String> names = new HashMap<>(flagByOption);
        names.put(option, flag);
        return new FlagNames(names);
    }

    /** How the command line names {@code option}. */
    public String flagOf(String option) {
        return flagByOption.getOrDefault(option, "-" + option);
    }
}
