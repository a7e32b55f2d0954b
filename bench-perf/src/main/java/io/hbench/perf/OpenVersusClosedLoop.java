package io.hbench.perf;

import io.hbench.load.LoadOutcome;
import io.hbench.nnthroughput.NnOperation;
import io.hbench.nnthroughput.NnOptions;
import io.hbench.nnthroughput.NnThroughput;
import io.hbench.nnthroughput.OpResult;
import io.hbench.result.Distribution;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.log4j.Level;
import org.apache.log4j.Logger;

/**
 * Open against closed loop on the standalone NameNode, at the same rate (issue 35): what a closed loop's latency leaves
 * out. Each round runs NNThroughputBenchmark's {@code -op} closed loop on {@code -threads} threads for {@code -files}
 * operations, takes its achieved rate, then runs the same operation open loop at that rate ({@code -rate}), once with a
 * pool of {@code -threads} workers and once with {@code -pool} workers. All runs share one NameNode in this process;
 * fileStatus reads the files the first run made. The figure is each open run's p99 minus the closed run's: the
 * queueing a steady stream of clients meets at the rate the closed loop calls the NameNode's.
 */
public final class OpenVersusClosedLoop {
    private static final String USAGE = "OpenVersusClosedLoop [-op fileStatus|create] [-threads 16] [-files 300000]"
            + " [-pool 64] [-rounds 3] [-tmp dir]";

    private final NnOperation op;
    private final int threads;
    private final int files;
    private final int pool;
    private final NnThroughput.Session session;
    private int runs;

    private OpenVersusClosedLoop(NnOperation op, int threads, int files, int pool, NnThroughput.Session session) {
        this.op = op;
        this.threads = threads;
        this.files = files;
        this.pool = pool;
        this.session = session;
    }

    public static void main(String[] args) throws Exception {
        PerfFlags flags = PerfFlags.parse("OpenVersusClosedLoop", USAGE, args, "op", "threads", "files", "pool",
                "rounds", "tmp");
        String label = flags.text("op", NnOperation.FILE_STATUS.label());
        NnOperation op = NnOperation.byLabel(label).filter(o -> o == NnOperation.FILE_STATUS
                || o == NnOperation.CREATE).orElse(null);
        if (op == null) {
            flags.refuse("-op '" + label + "': give fileStatus or create");
        }
        int threads = flags.whole("threads", 16, 1);
        int files = flags.whole("files", 300_000, 1);
        int pool = flags.whole("pool", 4 * threads, threads);
        int rounds = flags.whole("rounds", 3, 1);
        Path tmp = Paths.get(flags.text("tmp", System.getProperty("java.io.tmpdir")));
        Path work = Files.createTempDirectory(tmp, "open-vs-closed-");
        // Hadoop's own logging at WARN, as hbench's programs keep it: the NameNode's start and stop say nothing here.
        Logger.getRootLogger().setLevel(Level.WARN);
        System.out.printf(Locale.ROOT, "# %s; -op %s, -threads %d, -files %,d, open pools %d and %d, %d rounds%n",
                MachineFacts.summary(), op.label(), threads, files, threads, pool, rounds);
        try (NnThroughput.Session session = new NnThroughput(new Configuration(), work.resolve("nn"),
                new PrintStream(OutputStream.nullOutputStream())).open()) {
            new OpenVersusClosedLoop(op, threads, files, pool, session).run(rounds);
        } finally {
            ScratchDirectories.delete(work);
        }
    }

    private void run(int rounds) throws Exception {
        // Not counted: makes fileStatus's files, and lets the JIT compile the NameNode's and the workers' paths.
        closed();
        double[] differences = new double[rounds];
        double[] poolDifferences = new double[rounds];
        for (int round = 1; round <= rounds; round++) {
            OpResult closed = closed();
            double rate = closed.opsPerSecond();
            OpResult open = open(rate, threads);
            OpResult wide = open(rate, pool);
            print(round, "closed", closed);
            print(round, "open, pool " + threads, open);
            print(round, "open, pool " + pool, wide);
            differences[round - 1] = p99(open) - p99(closed);
            poolDifferences[round - 1] = p99(wide) - p99(closed);
        }
        System.out.printf(Locale.ROOT, "p99 open minus closed, ms, median of %d rounds: pool %d %.3f, pool %d %.3f%n",
                rounds, threads, RoundFigures.median(differences), pool, RoundFigures.median(poolDifferences));
    }

    private OpResult closed() throws Exception {
        return session.run(options(threads).build()).operations().get(0);
    }

    private OpResult open(double rate, int workers) throws Exception {
        return session.run(options(workers).rate(rate).build()).operations().get(0);
    }

    /** fileStatus on the files the first run made, kept for every run; create in a directory of each run's own. */
    private NnOptions.Builder options(int workers) {
        runs++;
        NnOptions.Builder options = NnOptions.builder(op).threads(workers).files(files);
        if (op == NnOperation.FILE_STATUS) {
            return options.keepResults(true).useExisting(runs > 1);
        }
        return options.baseDirName("/openVersusClosed/run" + runs);
    }

    private static void print(int round, String how, OpResult result) {
        Distribution latency = latency(result);
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "round %d %s: achieved %,.0f ops/s; latency"
                + " ms p50 %.3f, p99 %.3f, p99.9 %.3f", round, how, result.opsPerSecond(), millis(latency, 50),
                millis(latency, 99), millis(latency, 99.9)));
        result.openLoop().ifPresent(load -> line.append(serviceAndSchedule(load)));
        System.out.println(line);
        System.out.flush();
    }

    private static String serviceAndSchedule(LoadOutcome load) {
        Distribution service = load.serviceTimeDistribution(0);
        return String.format(Locale.ROOT, "; target %,.0f ops/s; service time ms p50 %.3f, p99 %.3f, p99.9 %.3f;"
                + " behind at end %.3f %% of the schedule%s", load.targetRate(), millis(service, 50),
                millis(service, 99), millis(service, 99.9), load.behindFraction() * 100, load.poolLimited()
                        ? " (pool-limited)" : "");
    }

    private static Distribution latency(OpResult result) {
        return result.kinds().values().iterator().next().latency();
    }

    private static double p99(OpResult result) {
        return millis(latency(result), 99);
    }

    private static double millis(Distribution distribution, double percentile) {
        return distribution.percentile(percentile) * 1e3;
    }
}
