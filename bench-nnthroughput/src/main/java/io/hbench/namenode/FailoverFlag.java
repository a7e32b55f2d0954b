package io.hbench.namenode;

import io.hbench.cli.FlagParser;
import io.hbench.cli.FlagValues;
import java.time.Duration;
import java.util.Optional;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

/** {@code -failoverAt D}, the one flag of every NameNode program that fails its nameservice over during the run. */
public final class FailoverFlag {
    public static final String NAME = "failoverAt";
    public static final String USAGE = "[-failoverAt D]";

    private FailoverFlag() {
    }

    public static void addTo(Options options) {
        options.addOption(FlagParser.valued(NAME, "D", "with -fs hdfs://<nameservice>: D after the run's start, fail"
                + " the nameservice over from its active NameNode to a standby (needs HA admin rights), e.g. 30s"));
    }

    /** The time after the run's start to fail over at, if {@code -failoverAt} was given. */
    public static Optional<Duration> failoverAt(CommandLine line) {
        return line.hasOption(NAME) ? Optional.of(FlagValues.duration("-" + NAME, line.getOptionValue(NAME)))
                : Optional.empty();
    }

    /** The flag as a user gives it: {@code -failoverAt 30s}, or in ms when not whole seconds. */
    static String given(Duration at) {
        return "-" + NAME + " " + (at.toMillis() % 1000 == 0 ? at.toSeconds() + "s" : at.toMillis() + "ms");
    }
}
