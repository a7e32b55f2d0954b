package io.hbench.perf;

import io.hbench.embedded.EmbeddedCluster;
import io.hbench.fs.OwnedDirectory;
import io.hbench.fs.StoreCheck;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * Issue 40's store check: what it adds to a run before the first job, on the embedded cluster (HDFS) and on the
 * embedded object store (S3Proxy through S3A), each check on a configuration of its own so that none is skipped as
 * passed. The time includes the check's own file system instance, made and closed each time, as in a run. A benchmark,
 * not a test: see docs/performance.md.
 */
public final class StoreCheckCost {
    private int warmup = 3;
    private int rounds = 20;

    public static void main(String[] args) throws Exception {
        PerfFlags flags = PerfFlags.parse("StoreCheckCost", "StoreCheckCost [-warmup 3] [-rounds 20]", args, "warmup",
                "rounds");
        StoreCheckCost cost = new StoreCheckCost();
        cost.warmup = flags.whole("warmup", cost.warmup, 0);
        cost.rounds = flags.whole("rounds", cost.rounds, 1);
        cost.run(EmbeddedCluster.Storage.HDFS, "/benchmarks/hbench-store-check");
        cost.run(EmbeddedCluster.Storage.S3, "s3a://hbench/store-check");
    }

    private void run(EmbeddedCluster.Storage storage, String baseDir) throws Exception {
        java.nio.file.Path temp = Files.createTempDirectory("hbench-perf-store-check-");
        try (EmbeddedCluster cluster = EmbeddedCluster.start(new Configuration(), temp.resolve("cluster"), storage)) {
            Configuration conf = cluster.clientConfiguration();
            Path base = new Path(baseDir);
            OwnedDirectory dir = OwnedDirectory.claim(base.getFileSystem(conf), base, "-baseDir");
            double[] millis = new double[rounds];
            for (int round = 1; round <= warmup + rounds; round++) {
                long start = System.nanoTime();
                Configuration own = new Configuration(conf);
                StoreCheck.reach(own, dir.fileSystem(), dir.path());
                StoreCheck.before(own, dir, true);
                if (round > warmup) {
                    millis[round - warmup - 1] = (System.nanoTime() - start) / 1e6;
                }
            }
            Arrays.sort(millis);
            System.out.printf(Locale.ROOT, "store check on %s (%s): median %.1f ms, min %.1f ms, max %.1f ms over %d"
                    + " checks after %d warm-up%n", storage, dir.path(), RoundFigures.median(millis), millis[0],
                    millis[rounds - 1], rounds, warmup);
            dir.delete();
        } finally {
            ScratchDirectories.delete(temp);
        }
    }
}
