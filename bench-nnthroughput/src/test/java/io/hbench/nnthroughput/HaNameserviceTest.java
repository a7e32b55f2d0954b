package io.hbench.nnthroughput;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.bsp.runners.LocalBspRunner;
import io.hbench.load.CompletionGap;
import io.hbench.load.CompletionTimeline;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.MiniDFSNNTopology;
import org.apache.hadoop.hdfs.server.namenode.ha.HATestUtil;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * NNThroughputBenchmark on an HA nameservice ({@code hdfs://<nameservice>}): a MiniDFSCluster of two NameNodes in HA
 * ({@link MiniDFSNNTopology#simpleHATopology}) and no DataNodes, shared by the class's tests, which leave nn1 active.
 */
class HaNameserviceTest {
    @TempDir
    static Path temp;

    private static MiniDFSCluster cluster;
    private static Configuration conf;
    private static FileSystem fs;

    @BeforeAll
    static void start() throws Exception {
        Configuration base = new Configuration();
        base.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, temp.resolve("dfs").toString());
        base.setLong("dfs.namenode.fs-limits.min-block-size", 16);
        // A client retries the other NameNode soon after a failover, as a short run can wait for.
        base.setInt("dfs.client.failover.sleep.base.millis", 50);
        base.setInt("dfs.client.failover.sleep.max.millis", 500);
        cluster = new MiniDFSCluster.Builder(base).nnTopology(MiniDFSNNTopology.simpleHATopology()).numDataNodes(0)
                .build();
        cluster.waitActive();
        cluster.transitionToActive(0);
        conf = new Configuration(base);
        HATestUtil.setFailoverConfigurations(cluster, conf);
        URI nameservice = HATestUtil.getLogicalUri(cluster);
        conf.set("fs.defaultFS", nameservice.toString());
        fs = FileSystem.get(nameservice, conf);
    }

    @AfterAll
    static void stop() throws Exception {
        if (fs != null) {
            fs.close();
        }
        if (cluster != null) {
            cluster.shutdown();
        }
    }

    /**
     * A create at 500 ops/s for 2 s, failed over from nn0 to nn1 once 200 files exist: every create is counted once and
     * its file made once, and the run gives how long no create completed, within the run.
     */
    @Test
    void aFailoverDuringACreateRunIsMeasuredAsTheLongestStretchWithoutACompletion() throws Exception {
        int files = 1000;
        NnOptions options = NnOptions.builder(NnOperation.CREATE).files(files).threads(4).rate(500).blockSize(16)
                .baseDirName("/ha/create").keepResults(true).build();
        CompletableFuture<NnResult> run = CompletableFuture.supplyAsync(() -> {
            try {
                return new NnThroughput(conf).run(options);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        org.apache.hadoop.fs.Path dir = new org.apache.hadoop.fs.Path("/ha/create/create");
        while (!run.isDone() && (!fs.exists(dir) || fs.getContentSummary(dir).getFileCount() < 200)) {
            Thread.sleep(10);
        }
        assertThat(run).as("the run lasts its schedule's 2 s, past the 200th file").isNotDone();
        cluster.transitionToStandby(0);
        cluster.transitionToActive(1);
        NnResult result = run.get(60, TimeUnit.SECONDS);

        OpResult create = result.operations().get(0);
        assertThat(create.operations()).isEqualTo(files);
        assertThat(fs.getContentSummary(dir).getFileCount()).isEqualTo(files);
        CompletionGap gap = create.timeline().orElseThrow().longestGap();
        assertThat(gap.length()).isPositive().isLessThan(Duration.ofNanos(create.elapsedNanos()));
        assertThat(NnReport.hbenchLines(result)).contains(gap.line());
    }

    /**
     * A create from two clients (threads of this process here, map tasks on a cluster) on the nameservice: the run
     * gives its clients' timelines merged on the start they agreed, every call completed in one of its seconds, and
     * its longest stretch in the report.
     */
    @Test
    void aRunFromClientsGivesTheirMergedTimeline() throws Exception {
        NnOptions options = NnOptions.builder(NnOperation.CREATE).files(40).threads(2).rate(400).blockSize(16)
                .baseDirName("/ha/clients").seed(1).build();
        List<String> workload = List.of("-op", "create", "-files", "40", "-threads", "2", "-rate", "400",
                "-blockSize", "16", "-baseDirName", "/ha/clients", "-seed", "1");

        ClientsResult result = new Clients(conf, new LocalBspRunner(conf)).run(options, workload, 2);

        OpResult create = result.merged().operations().get(0);
        assertThat(create.operations()).isEqualTo(40);
        CompletionTimeline timeline = create.timeline().orElseThrow();
        double completed = timeline.timeSeries(Map.of()).get(0).values().stream().mapToDouble(Double::doubleValue)
                .sum();
        assertThat(completed).isEqualTo(40.0);
        CompletionGap gap = timeline.longestGap();
        assertThat(gap.length()).isPositive().isLessThan(Duration.ofNanos(create.elapsedNanos()));
        assertThat(NnReport.hbenchLines(result.merged())).contains(gap.line());
    }
}
