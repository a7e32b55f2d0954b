package io.hbench.bsp.randbench;

import static io.hbench.cli.FlagParser.present;
import static io.hbench.cli.FlagParser.valued;

import io.hbench.bsp.BspRunner;
import io.hbench.bsp.benchbase.BenchSettings;
import io.hbench.bsp.benchbase.BspBenchTool;
import io.hbench.bsp.benchbase.BspRunnerFactory;
import io.hbench.bsp.benchbase.PeerHosts;
import io.hbench.cli.ClusterSession;
import io.hbench.cli.FlagNames;
import io.hbench.cli.FlagValues;
import io.hbench.cli.ProgramMessages;
import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.error.ExitStatus;
import io.hbench.result.Unit;
import io.hbench.result.format.DisplayUnit;
import io.hbench.stats.Summary;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;

/**
 * {@code RandBench} (alias {@code bench}, Hama's name) on the command line: Hama's arguments and lines, then the
 * figures Hama left its users to work out by hand.
 */
public final class RandBenchTool extends BspBenchTool<RandBenchOptions> {
    // hbench's lines read each figure in the unit it reads in everywhere, which their labels say.
    private static final DisplayUnit MEASURED_TIME = DisplayUnit.of("measured_time", Unit.SECONDS);
    private static final DisplayUnit THROUGHPUT = DisplayUnit.of("network_throughput", Unit.BYTES_PER_SECOND);
    private static final DisplayUnit PEER_THROUGHPUT = DisplayUnit.of("peer_throughput", Unit.BYTES_PER_SECOND);
    private static final DisplayUnit SAME_HOST_THROUGHPUT = DisplayUnit.of("same_host_throughput",
            Unit.BYTES_PER_SECOND);
    private static final DisplayUnit SUPERSTEP_TIME = DisplayUnit.of("superstep_time", Unit.SECONDS);

    public RandBenchTool(PrintStream out, PrintStream err) {
        this(out, err, BspRunnerFactory.production());
    }

    /** A tool whose peers run where {@code runners} puts them (tests: in memory). */
    RandBenchTool(PrintStream out, PrintStream err, BspRunnerFactory runners) {
        super(out, err, runners);
    }

    public static void main(String[] args) throws Exception {
        System.exit(new RandBenchTool(System.out, System.err).runCommandLine(new Configuration(), args));
    }

    @Override
    protected BenchSettings settingsOf(RandBenchOptions options) {
        return options.settings();
    }

    @Override
    public String name() {
        return RandBench.NAME;
    }

    @Override
    public String description() {
        return "BSP random messaging (Hama's RandBench): every peer sends messages to random peers every superstep";
    }

    @Override
    protected String usage() {
        return RandBench.NAME + " [genericOptions] <msgSize> <msgsPerSuperstep> <supersteps> [-peers N] [-noSelf]"
                + " [-warmup K] [-seed N] [-timeout seconds] [-listen host:port -secretFile file] [-json file]";
    }

    @Override
    protected void addOptions(Options options) {
        options.addOption(valued("msgSize", "bytes", "payload bytes of every message (first argument); KB, MB"
                + " are binary"));
        options.addOption(valued("msgsPerSuperstep", "N", "messages every peer sends per superstep (second"
                + " argument)"));
        options.addOption(valued("supersteps", "N", "supersteps measured (third argument)"));
        addSettingsOptions(options, "peers (default " + BenchSettings.DEFAULT_PEERS + ", what the embedded cluster"
                + " runs at once; on a cluster give up to its map slots)");
        options.addOption(present("noSelf", "a peer never picks itself as destination (Hama's"
                + " RandBench does)"));
        options.addOption(valued("warmup", "K", "supersteps run before the measured ones and not counted"
                + " (default 0)"));
    }

    /** Hama's positional arguments, by the names its usage gives them. */
    @Override
    protected FlagNames programFlagNames() {
        return FlagNames.SAME.with("messageSize", "<msgSize>").with("messagesPerSuperstep", "<msgsPerSuperstep>")
                .with("supersteps", "<supersteps>");
    }

    @Override
    protected List<String> positionalFlags() {
        return List.of("msgSize", "msgsPerSuperstep", "supersteps");
    }

    @Override
    protected RandBenchOptions parse(CommandLine line) {
        String size = flagOrArgument(line, "msgSize");
        String messages = flagOrArgument(line, "msgsPerSuperstep");
        String supersteps = flagOrArgument(line, "supersteps");
        if (size == null || messages == null || supersteps == null) {
            throw new BenchException(ErrorCode.MISSING_OPTION, "give <msgSize> <msgsPerSuperstep> <supersteps>, as"
                    + " Hama's RandBench takes them, e.g. RandBench 1024 100 10");
        }
        RandBenchOptions.Builder options = RandBenchOptions.builder(FlagValues.bytes("<msgSize>", size),
                FlagValues.wholeNumber("<msgsPerSuperstep>", messages), FlagValues.wholeNumber("<supersteps>", supersteps))
                .noSelf(line.hasOption("noSelf"))
                .settings(settings(line));
        if (line.hasOption("warmup")) {
            options.warmup(FlagValues.wholeNumber("-warmup", line.getOptionValue("warmup")));
        }
        return options.build();
    }

    @Override
    protected ExitStatus run(RandBenchOptions options, ClusterSession session) throws Exception {
        BspRunner runner = runner(session.configuration(), options.settings());
        RandBenchResult result = new RandBench(runner).run(options);
        ExitStatus status = report(session, lines(result), result);
        result.placement().ifPresent(notice -> err.println(name() + ": " + notice));
        result.failures().forEach(failure -> ProgramMessages.error(err, name(), failure));
        return status;
    }

    /**
     * Hama's two lines, then hbench's; every number formatted with Locale.ROOT. Hama's count no byte, so they read as
     * Hama's do; hbench's network figures count only what crossed hosts, and what two peers on one host sent each
     * other is counted apart when the peers shared hosts.
     */
    static List<String> lines(RandBenchResult result) {
        RandBenchOptions options = result.options();
        PeerHosts hosts = result.hosts();
        List<String> lines = new ArrayList<>();
        lines.add("RandBench: " + hosts.summary() + ", " + options.messagesPerSuperstep()
                + " messages of " + options.messageSize() + " bytes per peer per superstep to random peers "
                + (options.noSelf() ? "other than the sender" : "including the sender") + ", seed "
                + options.settings().seed());
        lines.add("The total number of supersteps: " + (options.warmup() + options.supersteps()));
        // As Hama prints it: milliseconds / 1000.0 as a Java double.
        lines.add("Job Finished in " + result.jobTime().toMillis() / 1000.0 + " seconds");
        lines.add("Supersteps measured: " + options.supersteps() + " (after " + options.warmup() + " warmup)");
        lines.add("Measured time " + MEASURED_TIME.symbol() + " (slowest peer, start of first measured superstep to end"
                + " of last barrier): " + MEASURED_TIME.format(result.measuredNanos() / 1e9));
        lines.add("Bytes sent over the network: " + result.networkBytes());
        if (hosts.someShared()) {
            lines.add("Bytes sent to peers on the same host (left out of the network figures): "
                    + result.sameHostBytes());
        }
        lines.add("Bytes kept local: " + result.localBytes());
        lines.add("Throughput " + THROUGHPUT.symbol() + " (network bytes / measured time): "
                + THROUGHPUT.format(result.bytesPerSecond())
                + (hosts.oneHost() ? " (one host: its loopback, not a network)" : ""));
        if (hosts.someShared()) {
            lines.add("Same-host throughput " + SAME_HOST_THROUGHPUT.symbol() + " (same-host bytes / measured time,"
                    + " through a loopback): " + SAME_HOST_THROUGHPUT.format(result.sameHostBytesPerSecond()));
        }
        Summary peers = result.peerBytesPerSecond();
        lines.add("Peer throughput " + PEER_THROUGHPUT.symbol() + ": min " + PEER_THROUGHPUT.format(peers.min())
                + " avg " + PEER_THROUGHPUT.format(peers.mean()) + " max " + PEER_THROUGHPUT.format(peers.max()));
        lines.add(percentiles("send", result.sendNanos()));
        lines.add(percentiles("flush", result.flushNanos()));
        lines.add(percentiles("barrier", result.barrierNanos()));
        lines.add(percentiles("total", result.superstepNanos()));
        return lines;
    }

    /** The same figures as the result's distributions: HdrHistogram's, within 0.1%. */
    private static String percentiles(String phase, Histogram nanos) {
        return "Superstep " + phase + " " + SUPERSTEP_TIME.symbol() + " (per peer and superstep): p50 "
                + SUPERSTEP_TIME.format(nanos.getValueAtPercentile(50.0) / 1e9)
                + " p99 " + SUPERSTEP_TIME.format(nanos.getValueAtPercentile(99.0) / 1e9);
    }
}
