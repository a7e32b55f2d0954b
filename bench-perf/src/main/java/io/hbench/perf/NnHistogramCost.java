package io.hbench.perf;

import io.hbench.cli.FlagValues;
import io.hbench.nnthroughput.NnOperation;
import io.hbench.nnthroughput.NnOptions;
import io.hbench.nnthroughput.NnThroughput;
import io.hbench.nnthroughput.OpResult;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;

/**
 * What hbench's latency histograms cost one operation, measured in one JVM against one standalone
 * NameNode: a run to warm both up, then pairs of runs with the histograms on and off, the one going
 * first alternating. The two runs of a pair share the JVM's compiled code and heap layout, which
 * differ from one JVM to the next by more than the cost itself; {@link NnComparison} pools the pairs
 * of several such JVMs. Prints one line per measured run, {@code run <pair> <on|off> <ops/s>
 * <elapsed ms>}.
 *
 * <p>open and fileStatus run for {@code duration} seconds over files the warm-up run kept
 * (-useExisting -keepResults); the other operations cannot repeat their inputs, so each run is one
 * pass over {@code files} names and cleans up after itself as the tool does.
 */
final class NnHistogramCost {
    static final String RUN = "run ";
    private static final List<NnOperation> LOOPING = List.of(NnOperation.OPEN, NnOperation.FILE_STATUS);

    private NnHistogramCost() {
    }

    /** Arguments: op threads files warmup duration-seconds pairs standalone-dir. */
    public static void main(String[] args) throws Exception {
        if (args.length != 7) {
            throw new IllegalArgumentException("want: op threads files warmup duration pairs standaloneDir");
        }
        NnOperation op = NnOperation.byLabel(args[0])
                .orElseThrow(() -> new IllegalArgumentException("unknown op " + args[0]));
        int threads = FlagValues.wholeNumber("<threads>", args[1]);
        int files = FlagValues.wholeNumber("<files>", args[2]);
        int warmup = FlagValues.wholeNumber("<warmup>", args[3]);
        Duration duration = FlagValues.duration("<duration>", args[4]);
        int pairs = FlagValues.wholeNumber("<pairs>", args[5]);
        NnThroughput bench = new NnThroughput(new Configuration(), Paths.get(args[6]),
                new PrintStream(OutputStream.nullOutputStream()));
        try (NnThroughput.Session session = bench.open()) {
            session.run(options(op, threads, files, warmup, duration, true, false));
            for (int pair = 1; pair <= pairs; pair++) {
                boolean onFirst = pair % 2 == 1;
                for (boolean histograms : new boolean[] {onFirst, !onFirst}) {
                    OpResult result = session.run(options(op, threads, files, warmup, duration, histograms, true))
                            .operations().get(0);
                    System.out.println(String.format(Locale.ROOT, "%s%d %s %.1f %d", RUN, pair,
                            histograms ? "on" : "off", result.opsPerSecond(), result.elapsedMillis()));
                    System.out.flush();
                }
            }
        }
    }

    private static NnOptions options(NnOperation op, int threads, int files, int warmup, Duration duration,
            boolean histograms, boolean measured) {
        NnOptions.Builder options = NnOptions.builder(op).threads(threads).warmup(warmup).histograms(histograms);
        switch (op) {
            case CREATE:
                options.files(files).close(true);
                break;
            case MKDIRS:
                options.dirs(files);
                break;
            default:
                options.files(files);
                break;
        }
        if (LOOPING.contains(op)) {
            options.duration(duration).keepResults(true).useExisting(measured);
        }
        return options.build();
    }
}
