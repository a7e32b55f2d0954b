package io.hbench.bsp.ebb;

import static io.hbench.cli.FlagParser.present;
import static io.hbench.cli.FlagParser.valued;

import io.hbench.bsp.BspRunner;
import io.hbench.bsp.benchbase.BenchSettings;
import io.hbench.bsp.benchbase.BspBenchTool;
import io.hbench.bsp.benchbase.BspRunnerFactory;
import io.hbench.cli.ClusterSession;
import io.hbench.cli.FlagNames;
import io.hbench.cli.FlagValues;
import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.error.ExitStatus;
import io.hbench.result.Unit;
import io.hbench.result.format.DisplayUnit;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;

/** {@code EBB}: Netgauge's effective bisection bandwidth pattern, plus alltoall and ring, over BSP peers. */
public final class EbbTool extends BspBenchTool<EbbOptions> {
    // Each figure reads in the unit it reads in everywhere: not Netgauge's lines, whose averages are in us.
    private static final DisplayUnit AVERAGE_TIME = DisplayUnit.of("average_time", Unit.SECONDS);
    private static final DisplayUnit BANDWIDTH = DisplayUnit.of("bandwidth", Unit.BYTES_PER_SECOND);
    private static final DisplayUnit BASELINE_BANDWIDTH = DisplayUnit.of("baseline_bandwidth", Unit.BYTES_PER_SECOND);
    private static final DisplayUnit CONNECTION_BANDWIDTH = DisplayUnit.of("connection_bandwidth",
            Unit.BYTES_PER_SECOND);
    private static final DisplayUnit RELATIVE = DisplayUnit.of("relative_bandwidth", Unit.RATIO);
    private static final DisplayUnit SAME_HOST_BANDWIDTH = DisplayUnit.of("same_host_bandwidth",
            Unit.BYTES_PER_SECOND);

    public EbbTool(PrintStream out, PrintStream err) {
        this(out, err, BspRunnerFactory.production());
    }

    /** A tool whose peers run where {@code runners} puts them (tests: in memory). */
    EbbTool(PrintStream out, PrintStream err, BspRunnerFactory runners) {
        super(out, err, runners);
    }

    public static void main(String[] args) throws Exception {
        System.exit(new EbbTool(System.out, System.err).runCommandLine(new Configuration(), args));
    }

    /** Netgauge's one-letter flags. */
    @Override
    protected FlagNames programFlagNames() {
        return FlagNames.SAME.with("sizes", "-s").with("rounds", "-r").with("buckets", "-b");
    }

    @Override
    protected BenchSettings settingsOf(EbbOptions options) {
        return options.settings();
    }

    @Override
    public String name() {
        return Ebb.NAME;
    }

    @Override
    public String description() {
        return "Effective bisection bandwidth (Netgauge's ebb pattern): random pairs of peers exchange data each round";
    }

    @Override
    protected String usage() {
        return Ebb.NAME + " [genericOptions] -s <size>[-<size>] [-r rounds] [-b buckets] [-pattern ebb|alltoall|ring]"
                + " [-relative] [-peers N] [-seed N] [-timeout seconds] [-listen host:port -secretFile file] [-json file]";
    }

    @Override
    protected void addOptions(Options options) {
        options.addOption(valued("s", "size[-size]", "bytes every peer sends to each partner per round; a range"
                + " doubles from the first to the second; KB, MB, GB are binary"));
        options.addOption(valued("r", "rounds", "rounds per size, each with a new random matching (default "
                + EbbOptions.DEFAULT_ROUNDS + ")"));
        options.addOption(valued("b", "buckets", "also print a histogram of all connection bandwidths of a size in"
                + " this many equal-width buckets"));
        options.addOption(valued("pattern", "name", "ebb: random pairs (default); alltoall: every peer with every"
                + " other; ring: peer i sends to i+1"));
        options.addOption(present("relative", "also run 2 peers with the same sizes and rounds and print"
                + " the bandwidth relative to theirs"));
        addSettingsOptions(options, "peers (default " + BenchSettings.DEFAULT_PEERS + ", what the embedded cluster runs"
                + " at once; even for the ebb pattern)");
    }

    @Override
    protected EbbOptions parse(CommandLine line) {
        String sizes = line.getOptionValue("s");
        if (sizes == null) {
            throw new BenchException(ErrorCode.MISSING_OPTION, "give the size to exchange: -s <size> or -s"
                    + " <min>-<max>, e.g. -s 1MB");
        }
        int dash = sizes.indexOf('-', 1);
        long min = FlagValues.bytes("-s", dash < 0 ? sizes : sizes.substring(0, dash));
        long max = dash < 0 ? min : FlagValues.bytes("-s", sizes.substring(dash + 1));
        EbbOptions.Builder options = EbbOptions.builder(min, max)
                .relative(line.hasOption("relative"))
                .settings(settings(line));
        if (line.hasOption("r")) {
            options.rounds(FlagValues.wholeNumber("-r", line.getOptionValue("r")));
        }
        if (line.hasOption("b")) {
            options.buckets(FlagValues.wholeNumber("-b", line.getOptionValue("b"), 1, Integer.MAX_VALUE));
        }
        if (line.hasOption("pattern")) {
            options.pattern(pattern(line.getOptionValue("pattern")));
        }
        return options.build();
    }

    private static EbbPattern pattern(String text) {
        for (EbbPattern pattern : EbbPattern.values()) {
            if (pattern.flagValue().equalsIgnoreCase(text.trim())) {
                return pattern;
            }
        }
        throw new BenchException(ErrorCode.INVALID_ARGUMENT, "-pattern '" + text + "' is not a pattern: use ebb,"
                + " alltoall or ring");
    }

    @Override
    protected ExitStatus run(EbbOptions options, ClusterSession session) throws Exception {
        BspRunner runner = runner(session.configuration(), options.settings());
        EbbResult result = new Ebb(runner).run(options);
        ExitStatus status = report(session, lines(result), result);
        result.notices().forEach(notice -> err.println(name() + ": " + notice));
        result.failures().forEach(failure -> err.println(name() + ": " + failure));
        return status;
    }

    /**
     * Per round, buckets with -b, per size overall and, with -relative, against the baseline; Locale.ROOT. Exchanges
     * between two peers on one host are counted apart when others crossed hosts.
     */
    static List<String> lines(EbbResult result) {
        EbbOptions options = result.options();
        EbbResult.Run run = result.run();
        List<String> lines = new ArrayList<>();
        lines.add("EBB: pattern " + options.pattern().flagValue() + ", " + run.hosts().summary() + ", sizes "
                + options.minSize()
                + (options.maxSize() > options.minSize() ? "-" + options.maxSize() + " (doubling)" : "") + " bytes, "
                + options.rounds() + " rounds, seed " + options.settings().seed());
        for (long size : options.sizes()) {
            for (int round = 0; round < options.rounds(); round++) {
                lines.add("size " + size + " round " + round + ": " + figure(run.counted(size, round).size(),
                        run.averageNanos(size, round), run.bytesPerSecond(size, round))
                        + leftOut(run.leftOut(size, round).size(), OptionalDouble.empty(), OptionalDouble.empty()));
            }
            if (options.buckets() > 0 && !run.counted(size).isEmpty()) {
                EbbResult.Buckets buckets = run.buckets(size, options.buckets());
                long[] counts = buckets.counts();
                for (int i = 0; i < counts.length; i++) {
                    double low = buckets.min() + i * buckets.width();
                    boolean closed = i == counts.length - 1 || buckets.width() == 0;
                    lines.add("size " + size + " bucket " + i + " [" + CONNECTION_BANDWIDTH.format(low) + ", "
                            + CONNECTION_BANDWIDTH.format(low + buckets.width()) + (closed ? "]" : ")") + " "
                            + CONNECTION_BANDWIDTH.symbol() + ": " + counts[i] + " connections");
                }
            }
            OptionalDouble bandwidth = run.bytesPerSecond(size);
            lines.add("size " + size + " all rounds: " + figure(run.counted(size).size(), run.averageNanos(size),
                    bandwidth) + (bandwidth.isPresent() ? " (" + meaning(options.pattern(), run) + ")" : "")
                    + leftOut(run.leftOut(size).size(), run.leftOutAverageNanos(size),
                            run.leftOutBytesPerSecond(size)));
            result.baseline().ifPresent(base -> lines.add("size " + size + " baseline (2 peers): "
                    + baseline(result, base, size)));
        }
        return lines;
    }

    /** "8 exchanges, average 0.0150 ms, 63.578 MiB/s", or that none ran between hosts. */
    private static String figure(int exchanges, OptionalDouble nanos, OptionalDouble bytesPerSecond) {
        return exchanges == 0 ? "no exchange between hosts" : exchanges + " exchanges, average "
                + AVERAGE_TIME.text(nanos.getAsDouble() / 1e9) + ", " + BANDWIDTH.text(bytesPerSecond.getAsDouble());
    }

    /** "; 2 on one host left out", with their figures if given; nothing if none was left out. */
    private static String leftOut(int exchanges, OptionalDouble nanos, OptionalDouble bytesPerSecond) {
        if (exchanges == 0) {
            return "";
        }
        return "; " + exchanges + " on one host left out" + (nanos.isPresent() ? ": average "
                + AVERAGE_TIME.text(nanos.getAsDouble() / 1e9) + ", " + SAME_HOST_BANDWIDTH.text(
                bytesPerSecond.getAsDouble()) : "");
    }

    /** What a size's figure is: between hosts, or on one host its loopback. */
    private static String meaning(EbbPattern pattern, EbbResult.Run run) {
        if (run.oneHost()) {
            return pattern == EbbPattern.EBB ? "one host: its loopback, no bisection bandwidth"
                    : "bandwidth per connection, one host: its loopback";
        }
        return pattern == EbbPattern.EBB ? "effective bisection bandwidth" : "bandwidth per connection";
    }

    /** The baseline's figure and the run's ratio to it, or why there is none. */
    private static String baseline(EbbResult result, EbbResult.Run base, long size) {
        if (result.comparableBaseline().isEmpty()) {
            return "both ran on one host, so no baseline between hosts";
        }
        int peers = result.run().peers();
        return "average " + AVERAGE_TIME.text(base.averageNanos(size).orElseThrow() / 1e9) + ", "
                + BASELINE_BANDWIDTH.text(base.bytesPerSecond(size).orElseThrow()) + "; " + result.relative(size)
                .map(ratio -> peers + " peers / baseline: " + RELATIVE.format(ratio))
                .orElse(result.run().oneHost() ? "no ratio: the " + peers + " peers ran on one host"
                        : "no ratio: no exchange of the " + peers + " peers crossed hosts");
    }
}
