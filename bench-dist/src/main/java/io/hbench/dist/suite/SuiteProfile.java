package io.hbench.dist.suite;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The fixed sequences a suite runs, sized from the profile and the cluster. Every change to a measured step or a size
 * must raise {@link #DEFINITION_VERSION}: suites of different definitions measured different things. The clean-ups
 * at the end measure nothing and come after every measured step, whose result files keep their numbers, so adding
 * one leaves suites comparable and the version as it is.
 *
 * <p>Every profile runs, in order: TestDFSIO write and read -verify; NNThroughputBenchmark create, open, fileStatus and
 * delete against the cluster's NameNode; in the standard and full profiles, the NameNode's capacity curve (fileStatus
 * offered open loop at doubling rates until a step falls behind, answered at p99 <= 10 ms); TPCx-HS; EBB with its
 * relative figure; RandBench; and three clean-ups
 * (TestDFSIO -clean, which removes any directory hbench made, whichever program made it) of TestDFSIO's, TPCx-HS's
 * and NNThroughputBenchmark's directories, so that the cluster keeps nothing the suite wrote. They run when a step
 * before them failed too, since a suite goes on after a failure.
 *
 * <p>On a cluster whose file system is not HDFS (an object store; {@link ClusterShape#hasNameNode}) there is no
 * NameNode to measure: FsMetadata runs the same four operations, in the same sizes, through the FileSystem API
 * instead, with no capacity curve, and its directory is the one the last clean-up removes; TPCx-HS runs without {@code -replication}, which
 * only HDFS keeps. Sizes:
 *
 * <pre>
 *                       quick              standard              full
 * TestDFSIO files       min(tasks, 4)      tasks                 2 x tasks
 * TestDFSIO file size   16 MB              1 GB                  16 GB
 * NNThroughput (or      4 threads, 2,000   16 threads, 100,000   64 threads, 1,000,000 files
 *   FsMetadata)
 * NameNode capacity    none               64 threads, 1,000 -   256 threads, 2,000 -
 *   (fileStatus)                           64,000 ops/s, 7 steps 256,000 ops/s, 8 steps
 *                                          of 10 s               of 30 s
 * TPCx-HS rows          10,000 (1 MB)      10,000,000 (1 GB)     1,000,000,000 (100 GB)
 * EBB sizes, rounds     1 MB, 3            1 MB - 64 MB, 10      1 MB - 1 GB, 10
 * RandBench             16 x 64 KiB, 20    256 x 64 KiB, 100     64 x 1 MiB, 100 (per peer, supersteps)
 * BSP seed              1                  1                     1
 * BSP peers             min(tasks, 4)      tasks                 tasks   (EBB: rounded down to even)
 * step time bound       10 min             2 h                   24 h
 * </pre>
 *
 * where tasks is how many map tasks the cluster runs at once ({@link ClusterShape}).
 */
public enum SuiteProfile {
    QUICK, STANDARD, FULL;

    /** The version of every profile's definition, recorded with each suite's results. */
    public static final int DEFINITION_VERSION = 2;
    /** EBB's matchings and RandBench's destinations and payloads: the same in every suite, so suites compare. */
    static final long SEED = 1;
    /** Where the suite's programs keep their data on the cluster's file system. */
    public static final String BASE_DIR = "/benchmarks/hbench-suite";

    public String flagValue() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** E.g. {@code hbench-suite/2/quick}: what must match for two suites to be compared. */
    public String definition() {
        return "hbench-suite/" + DEFINITION_VERSION + "/" + flagValue();
    }

    public static SuiteProfile parse(String value) {
        for (SuiteProfile profile : values()) {
            if (profile.flagValue().equals(value)) {
                return profile;
            }
        }
        throw new IllegalArgumentException("-profile " + value + ": the profiles are quick, standard and full");
    }

    /**
     * The most bytes the suite keeps on the file system at once, replicas included: TestDFSIO's files stay until the
     * last step cleans them, and TPCx-HS keeps its generated and its sorted data side by side. A file system that is
     * not HDFS keeps no replicas the suite asks for: each byte counts once.
     *
     * @param replication the replication TestDFSIO writes with on HDFS (the cluster's {@code dfs.replication})
     */
    public long peakBytes(ClusterShape shape, int replication) {
        long dfsio = (long) dfsioFiles(shape) * dfsioFileBytes() * (shape.hasNameNode() ? replication : 1);
        long tpcxhs = 2 * tpcxhsRows() * 100 * (shape.hasNameNode() ? tpcxhsReplication(shape) : 1);
        return dfsio + tpcxhs;
    }

    private int dfsioFiles(ClusterShape shape) {
        int tasks = shape.concurrentTasks();
        return pick(Math.min(tasks, 4), tasks, 2 * tasks);
    }

    private long dfsioFileBytes() {
        return pick(16L << 20, 1L << 30, 16L << 30);
    }

    private long tpcxhsRows() {
        return pick(10_000L, 10_000_000L, 1_000_000_000L);
    }

    private static int tpcxhsReplication(ClusterShape shape) {
        return Math.min(3, shape.dataNodes());
    }

    /** TestDFSIO's -fileSize for {@code bytes}: whole GB when it is, else MB. */
    private static String fileSize(long bytes) {
        return bytes % (1L << 30) == 0 ? (bytes >> 30) + "GB" : (bytes >> 20) + "MB";
    }

    Duration stepTimeout() {
        return pick(Duration.ofMinutes(10), Duration.ofHours(2), Duration.ofHours(24));
    }

    /**
     * The steps, in order, for a cluster of this shape; {@code programFlags} go to every program first (the suite's
     * definition as {@code -D}, the embedded cluster's flags).
     */
    public List<SuiteStep> steps(ClusterShape shape, List<String> programFlags) {
        int tasks = shape.concurrentTasks();
        int files = dfsioFiles(shape);
        String fileSize = fileSize(dfsioFileBytes());
        int peers = Math.max(2, pick(Math.min(tasks, 4), tasks, tasks));
        int ebbPeers = Math.max(2, peers - peers % 2);
        String dfsio = BASE_DIR + "/dfsio";
        List<String> local = List.copyOf(programFlags);
        List<SuiteStep> steps = new ArrayList<>();
        steps.add(step("dfsio-write", local, "TestDFSIO", "-write", "-nrFiles", files, "-fileSize", fileSize,
                "-rootDir", dfsio));
        steps.add(step("dfsio-read", local, "TestDFSIO", "-read", "-verify", "-nrFiles", files, "-fileSize", fileSize,
                "-rootDir", dfsio));
        String tpcxhs = BASE_DIR + "/tpcx-hs";
        String metadata = BASE_DIR + "/fs-metadata";
        String nn = BASE_DIR + "/nn";
        for (String op : List.of("create", "open", "fileStatus", "delete")) {
            String id = op.toLowerCase(Locale.ROOT);
            steps.add(shape.hasNameNode()
                    ? step("nn-" + id, local, "NNThroughputBenchmark", "-op", op, "-threads", pick(4, 16, 64),
                            "-files", pick(2_000, 100_000, 1_000_000), "-baseDirName", nn)
                    : step("fs-" + id, local, "FsMetadata", "-op", op, "-threads", pick(4, 16, 64),
                            "-files", pick(2_000, 100_000, 1_000_000), "-baseDir", metadata));
        }
        if (shape.hasNameNode() && this != QUICK) {
            // The quick profile checks that everything runs; a curve of steps long enough to mean anything does not.
            steps.add(nameNodeCapacity(local, nn));
        }
        steps.add(shape.hasNameNode()
                ? step("tpcx-hs", local, "TPCx-HS", "-rows", tpcxhsRows(), "-baseDir", tpcxhs, "-replication",
                        tpcxhsReplication(shape))
                : step("tpcx-hs", local, "TPCx-HS", "-rows", tpcxhsRows(), "-baseDir", tpcxhs));
        steps.add(step("ebb", local, "EBB", "-s", pick("1MB", "1MB-64MB", "1MB-1GB"), "-r", pick(3, 10, 10),
                "-peers", ebbPeers, "-relative", "-seed", SEED));
        steps.add(step("randbench", local, "RandBench", pick("65536", "65536", "1048576"), pick("16", "256", "64"),
                pick("20", "100", "100"), "-peers", peers, "-seed", SEED));
        steps.add(clean("dfsio-clean", local, dfsio));
        // TPCx-HS leaves its second run's data for inspection, NNThroughputBenchmark its directory with hbench's mark.
        steps.add(clean("tpcx-hs-clean", local, tpcxhs));
        steps.add(shape.hasNameNode() ? clean("nn-clean", local, nn) : clean("fs-clean", local, metadata));
        return steps;
    }

    /**
     * fileStatus, the call a real namespace serves most, offered at doubling rates; the pool bound lets the top rate
     * wait on the NameNode 1 ms per call (standard) without the generator limiting the step.
     */
    private SuiteStep nameNodeCapacity(List<String> local, String nn) {
        boolean standard = this == STANDARD;
        return step("nn-capacity", local, "NNThroughputBenchmark", "-op", "fileStatus", "-threads", standard ? 64 : 256,
                "-ramp", standard ? "1000..64000" : "2000..256000", "-steps", standard ? 7 : 8, "-stepDuration",
                standard ? "10s" : "30s", "-slo", "p99=10ms", "-baseDirName", nn);
    }

    private SuiteStep clean(String id, List<String> local, String dir) {
        return new SuiteStep(id, withLocal(local, "TestDFSIO", "-clean", "-rootDir", dir), stepTimeout(), false);
    }

    private SuiteStep step(String id, List<String> local, Object... command) {
        return new SuiteStep(id, withLocal(local, command), stepTimeout(), true);
    }

    /** The program's name, the local flags, then its own arguments. */
    private static List<String> withLocal(List<String> local, Object... command) {
        List<String> line = new ArrayList<>();
        line.add(command[0].toString());
        line.addAll(local);
        for (int i = 1; i < command.length; i++) {
            line.add(command[i].toString());
        }
        return line;
    }

    private <T> T pick(T quick, T standard, T full) {
        switch (this) {
            case QUICK:
                return quick;
            case STANDARD:
                return standard;
            default:
                return full;
        }
    }
}
