package io.hbench.perf;

import io.hbench.bsp.runners.LocalBspRunner;
import io.hbench.bsp.benchbase.BenchSettings;
import io.hbench.bsp.randbench.RandBench;
import io.hbench.bsp.randbench.RandBenchOptions;
import io.hbench.bsp.randbench.RandBenchResult;
import io.hbench.dfsio.DfsioOperation;
import io.hbench.dfsio.DfsioOptions;
import io.hbench.dfsio.DfsioResult;
import io.hbench.dfsio.TestDfsio;
import io.hbench.embedded.EmbeddedCluster;
import io.hbench.resources.CounterSnapshot;
import io.hbench.resources.HostSamples;
import io.hbench.resources.ProcCounters;
import io.hbench.resources.ResourceSampling;
import io.hbench.resources.SamplerProcess;
import io.hbench.result.Metric;
import io.hbench.result.MetricKey;
import io.hbench.result.ResourceUsage;
import io.hbench.units.DataSize;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.commons.math3.stat.inference.MannWhitneyUTest;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/**
 * Issue 12's cost goals for resource sampling: (1) the sampler's CPU time under 1 % of one core, from the CPU time
 * of one snapshot of this host's /proc and from the sampler thread's own CPU time as runs report it; (2) a
 * benchmark's figures with sampling on and off do not differ beyond run-to-run noise: TestDFSIO write on the embedded
 * cluster and RandBench on loopback, rounds alternating which goes first, compared by median ratio and a
 * Mann-Whitney test. RandBench's runs also give the ground truth: loopback bytes the sampler saw against the payload
 * the peers sent. A benchmark, not a test: see docs/performance.md.
 */
public final class ResourceSamplingCost {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final MetricKey SAMPLER_CPU = MetricKey.of("sampler_cpu").withLabel("stat", "mean");

    private int rounds = 6;
    private int nrFiles = 4;
    private long fileSize = 128 * DataSize.MB;
    private int peers = 4;
    private int supersteps = 40;
    private int snapshots = 20_000;
    private int processSeconds = 60;

    public static void main(String[] args) throws Exception {
        PerfFlags flags = PerfFlags.parse("ResourceSamplingCost", "ResourceSamplingCost [-rounds 6] [-nrFiles 4]"
                + " [-fileSize 128MB] [-peers 4] [-supersteps 40] [-snapshots 20000] [-processSeconds 60]", args,
                "rounds", "nrFiles", "fileSize", "peers", "supersteps", "snapshots", "processSeconds");
        ResourceSamplingCost cost = new ResourceSamplingCost();
        cost.rounds = flags.whole("rounds", cost.rounds, 1);
        cost.nrFiles = flags.whole("nrFiles", cost.nrFiles, 1);
        cost.fileSize = flags.size("fileSize", cost.fileSize);
        cost.peers = flags.whole("peers", cost.peers, 2);
        cost.supersteps = flags.whole("supersteps", cost.supersteps, 1);
        cost.snapshots = flags.whole("snapshots", cost.snapshots, 1);
        cost.processSeconds = flags.whole("processSeconds", cost.processSeconds, 10);
        cost.snapshotCost();
        cost.samplerProcess();
        cost.dfsio();
        cost.randBench();
    }

    /** CPU time of one snapshot (read and parse all five files) and of handing it over (serialise). */
    private void snapshotCost() throws Exception {
        ProcCounters counters = new ProcCounters(ProcCounters.PROC);
        List<CounterSnapshot> taken = new ArrayList<>();
        for (int i = 0; i < snapshots / 10; i++) {
            counters.read(Instant.now());
        }
        long cpu = THREADS.getCurrentThreadCpuTime();
        for (int i = 0; i < snapshots; i++) {
            CounterSnapshot snapshot = counters.read(Instant.now());
            if (i % 100 == 0) {
                taken.add(snapshot);
            }
        }
        double readMicros = (THREADS.getCurrentThreadCpuTime() - cpu) / 1e3 / snapshots;
        int bytes = HostSamples.of("host", taken, 0).toBytes().length / taken.size();
        System.out.printf(Locale.ROOT, "snapshot: %.1f us CPU each (%d snapshots), %d bytes each handed over;"
                + " at 1 per second %.4f %% of one core%n", readMicros, snapshots, bytes, readMicros / 1e6 * 100);
    }

    /**
     * The whole-run sampler's process as YARN runs it on every NodeManager host ({@code SamplerProcess}), here as a
     * child JVM against a local directory for {@code processSeconds}: the CPU its whole JVM used while it sampled
     * (snapshots, polling for the stop file, GC, JIT), as it reports it, in percent of one core.
     */
    private void samplerProcess() throws Exception {
        Path dir = Files.createTempDirectory("hbench-perf-sampler-");
        try {
            Path conf = dir.resolve("conf.xml");
            try (java.io.OutputStream out = Files.newOutputStream(conf)) {
                new Configuration(false).writeXml(out);
            }
            Path lease = Files.createFile(dir.resolve("lease"));
            SamplerProcess.makeDirectories(FileSystem.getLocal(new Configuration()), new org.apache.hadoop.fs.Path(
                    dir.toUri()));
            List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                    .toString()));
            command.addAll(SamplerProcess.JVM_OPTIONS);
            command.addAll(List.of("-cp", System.getProperty("java.class.path"), SamplerProcess.class.getName(),
                    conf.toString(), dir.toUri().toString(), "perf-" + System.nanoTime(), "1000",
                    Long.toString(System.currentTimeMillis() + 60_000)));
            Process process = new ProcessBuilder(command).inheritIO().start();
            long end = System.nanoTime() + Duration.ofSeconds(processSeconds).toNanos();
            while (System.nanoTime() < end) {
                Thread.sleep(10_000);
                Files.setLastModifiedTime(lease, java.nio.file.attribute.FileTime.from(Instant.now()));
            }
            Files.createFile(dir.resolve("stop"));
            if (process.waitFor() != 0) {
                throw new IllegalStateException("the sampler process failed");
            }
            Path written;
            try (java.util.stream.Stream<Path> files = Files.list(dir.resolve("samples"))) {
                // Hadoop's local file system writes a .crc file beside each file.
                written = files.filter(file -> !file.getFileName().toString().startsWith(".")).findFirst()
                        .orElseThrow();
            }
            HostSamples samples = HostSamples.fromBytes(Files.readAllBytes(written));
            List<CounterSnapshot> taken = samples.snapshots();
            double seconds = Duration.between(taken.get(0).time(), taken.get(taken.size() - 1).time()).toNanos() / 1e9;
            System.out.printf(Locale.ROOT, "sampler process: %.3f %% of one core over %.0f s, %d snapshots (the whole"
                    + " JVM: snapshots, polling, GC, JIT; its start is a one-off)%n",
                    samples.samplerCpuNanos() / 1e9 / seconds * 100, seconds, taken.size());
        } finally {
            ScratchDirectories.delete(dir);
        }
    }

    private void dfsio() throws Exception {
        Path temp = Files.createTempDirectory("hbench-perf-resources-");
        try (EmbeddedCluster cluster = EmbeddedCluster.start(new Configuration(), temp.resolve("cluster"))) {
            Configuration conf = cluster.clientConfiguration();
            DfsioOptions options = DfsioOptions.builder(DfsioOperation.WRITE).nrFiles(nrFiles).fileSize(fileSize)
                    .baseDir("/benchmarks/hbench-resources").build();
            // One uncounted pair warms the JIT and the page cache.
            dfsioRun(conf, options, true);
            dfsioRun(conf, options, false);
            Pair pair = new Pair("TestDFSIO write aggregate MiB/s");
            for (int round = 0; round < rounds; round++) {
                for (boolean on : round % 2 == 0 ? new boolean[] {true, false} : new boolean[] {false, true}) {
                    DfsioResult result = dfsioRun(conf, options, on);
                    pair.add(on, result.aggregateThroughputMbSec(), result.resources());
                }
            }
            pair.print();
        } finally {
            ScratchDirectories.delete(temp);
        }
    }

    private static DfsioResult dfsioRun(Configuration clusterConf, DfsioOptions options, boolean sampling)
            throws Exception {
        Configuration conf = new Configuration(clusterConf);
        if (!sampling) {
            ResourceSampling.disable(conf);
        }
        DfsioResult result = new TestDfsio(conf).run(options);
        if (!result.failures().isEmpty()) {
            throw new IllegalStateException("TestDFSIO failed: " + result.failures());
        }
        return result;
    }

    private void randBench() throws Exception {
        RandBenchOptions options = RandBenchOptions.builder(64 * 1024, 256, supersteps).warmup(4).noSelf(true)
                .settings(new BenchSettings(peers, 42, Duration.ofSeconds(60))).build();
        randBenchRun(options, true);
        randBenchRun(options, false);
        Pair pair = new Pair("RandBench network MiB/s");
        List<Double> overheads = new ArrayList<>();
        for (int round = 0; round < rounds; round++) {
            for (boolean on : round % 2 == 0 ? new boolean[] {true, false} : new boolean[] {false, true}) {
                RandBenchResult result = randBenchRun(options, on);
                pair.add(on, result.mebibytesPerSecond(), result.resources());
                if (on) {
                    double payload = result.networkBytes() * (double) (supersteps + 4) / supersteps;
                    double loopback = result.resources().orElseThrow().hosts().get(0).summary(
                            MetricKey.of("net_sent").withLabel("interface", "lo").withLabel("stat", "total"))
                            .orElseThrow().value();
                    overheads.add(loopback / payload);
                }
            }
        }
        pair.print();
        double[] ratios = overheads.stream().mapToDouble(Double::doubleValue).toArray();
        System.out.printf(Locale.ROOT, "RandBench ground truth: loopback bytes sent / payload %.4f [%.4f..%.4f],"
                        + " payload %.0f MiB per run%n", RoundFigures.median(ratios), RoundFigures.min(ratios),
                RoundFigures.max(ratios), options.messageSize() * (double) options.messagesPerSuperstep() * peers
                        * (supersteps + 4) / (1 << 20));
    }

    private static RandBenchResult randBenchRun(RandBenchOptions options, boolean sampling) throws Exception {
        Configuration conf = new Configuration(false);
        if (!sampling) {
            ResourceSampling.disable(conf);
        }
        return new RandBench(new LocalBspRunner(conf)).run(options);
    }

    /** One figure with sampling on and off, and the sampler's CPU as the runs with it on report it. */
    private static final class Pair {
        private final String figure;
        private final List<Double> on = new ArrayList<>();
        private final List<Double> off = new ArrayList<>();
        private final List<Double> samplerCpu = new ArrayList<>();

        Pair(String figure) {
            this.figure = figure;
        }

        void add(boolean sampling, double value, Optional<ResourceUsage> resources) {
            (sampling ? on : off).add(value);
            if (sampling) {
                samplerCpu.add(resources.orElseThrow().cluster(SAMPLER_CPU).map(Metric::value).orElseThrow());
            } else if (resources.isPresent()) {
                throw new IllegalStateException("a run without sampling has resources");
            }
        }

        void print() {
            double[] with = on.stream().mapToDouble(Double::doubleValue).toArray();
            double[] without = off.stream().mapToDouble(Double::doubleValue).toArray();
            double[] cpu = samplerCpu.stream().mapToDouble(Double::doubleValue).toArray();
            double p = new MannWhitneyUTest().mannWhitneyUTest(with, without);
            System.out.printf(Locale.ROOT, "%s: on %.1f [%.1f..%.1f], off %.1f [%.1f..%.1f], on/off %.3f,"
                            + " Mann-Whitney p = %.3f (%d rounds); sampler CPU %.4f %% of one core [%.4f..%.4f]%n",
                    figure, RoundFigures.median(with), RoundFigures.min(with), RoundFigures.max(with),
                    RoundFigures.median(without), RoundFigures.min(without), RoundFigures.max(without),
                    RoundFigures.median(with) / RoundFigures.median(without), p, with.length,
                    RoundFigures.median(cpu), RoundFigures.min(cpu), RoundFigures.max(cpu));
        }
    }
}
