package io.hbench.bsp.benchbase;

import static io.hbench.cli.FlagParser.valued;
import static java.util.Objects.requireNonNull;

import io.hbench.bsp.BspJobSpec;
import io.hbench.bsp.BspRunner;
import io.hbench.cli.BenchTool;
import io.hbench.cli.FlagNames;
import io.hbench.cli.FlagValues;
import java.io.PrintStream;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;

/**
 * The command-line shape the BSP benchmarks share: -peers, -seed, -timeout, -listen, -secretFile, and where the runner
 * comes from.
 */
public abstract class BspBenchTool<O> extends BenchTool<O> {
    private final BspRunnerFactory runners;

    protected BspBenchTool(PrintStream out, PrintStream err, BspRunnerFactory runners) {
        super(out, err);
        this.runners = requireNonNull(runners, "runners is null");
    }

    /** The runner of this run: the only place that decides where peers run. */
    protected BspRunner runner(Configuration conf, BenchSettings settings) {
        return runners.create(conf, settings, err);
    }

    /** The BSP settings of a parsed command line. */
    protected abstract BenchSettings settingsOf(O options);

    /** Peers started by hand ({@code -listen}) need no cluster: the coordinator runs here. */
    @Override
    protected boolean startsEmbeddedClusterWhenNoneIsConfigured(O options) {
        return settingsOf(options).listen().isEmpty();
    }

    /**
     * Peers started by hand run on hosts no cluster knows of: they sample their own hosts while they run, which a
     * sampler of the cluster's DataNodes and NodeManagers would not reach.
     */
    @Override
    protected boolean samplesCluster(O options) {
        return settingsOf(options).listen().isEmpty();
    }

    @Override
    protected final FlagNames flagNames() {
        return programFlagNames().with("failureTimeout", "-timeout");
    }

    /** How the command line names the program's own options that the library names otherwise; none by default. */
    protected FlagNames programFlagNames() {
        return FlagNames.SAME;
    }

    /** Adds -peers (described by {@code peersHelp}), -seed, -timeout, -listen and -secretFile. */
    protected static void addSettingsOptions(Options options, String peersHelp) {
        options.addOption(valued("peers", "N", peersHelp));
        options.addOption(valued("seed", "N", "seed of every random choice, so a run can be repeated"
                + " (default: random, printed)"));
        options.addOption(valued("timeout", "seconds", "how long a silent peer may stay silent before the job fails;"
                + " on YARN, how long a peer has to join from its container's start (default "
                + BspJobSpec.DEFAULT_FAILURE_TIMEOUT.toSeconds() + ")"));
        options.addOption(valued("listen", "host:port", "submit no job: wait at this address for the peers, started"
                + " by hand with 'bin/bench BspPeer -coordinator host:port -secretFile file'"));
        options.addOption(valued("secretFile", "file", "with -listen: the run's secret, which peers started by hand"
                + " prove they know; made if it does not exist; readable by its owner alone"));
    }

    /** The settings the command line gives; a seed is drawn here when none is given, so that it can be printed. */
    protected static BenchSettings settings(CommandLine line) {
        int peers = line.hasOption("peers") ? FlagValues.wholeNumber("-peers", line.getOptionValue("peers"))
                : BenchSettings.DEFAULT_PEERS;
        long seed = line.hasOption("seed") ? FlagValues.seed("-seed", line.getOptionValue("seed"))
                : ThreadLocalRandom.current().nextLong();
        Duration timeout = line.hasOption("timeout")
                ? Duration.ofSeconds(FlagValues.wholeNumber("-timeout", line.getOptionValue("timeout")))
                : BspJobSpec.DEFAULT_FAILURE_TIMEOUT;
        return new BenchSettings(peers, seed, timeout,
                Optional.ofNullable(line.getOptionValue("listen")).map(text -> ListenAddress.parse("-listen", text)),
                Optional.ofNullable(line.getOptionValue("secretFile")).map(Paths::get));
    }
}
