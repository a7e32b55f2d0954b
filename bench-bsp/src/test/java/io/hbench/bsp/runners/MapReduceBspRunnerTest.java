package io.hbench.bsp.runners;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.hbench.bsp.BspJobResult;
import io.hbench.bsp.BspJobSpec;
import io.hbench.bsp.BspSettings;
import io.hbench.bsp.testing.TestPrograms;
import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.resources.HostSamples;
import io.hbench.result.SubmittedJob;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Peers as the map tasks of a MapReduce job, in MapReduce's in-process runner as the embedded
 * cluster uses it; every file the runner writes goes under one temporary directory.
 */
@Timeout(120)
class MapReduceBspRunnerTest {
    @TempDir
    static Path temp;

    private static Configuration conf;

    @BeforeAll
    static void localRunner() {
        conf = new Configuration();
        conf.set("fs.defaultFS", "file:///");
        conf.set("mapreduce.framework.name", "local");
        conf.set("hadoop.tmp.dir", temp.resolve("tmp").toString());
        conf.set("mapreduce.cluster.local.dir", temp.resolve("local").toString());
        conf.set("mapreduce.jobtracker.staging.root.dir", temp.resolve("staging").toString());
    }

    @Test
    void everyPeerRunsAsAMapTaskAndTheReportsComeBackInPeerOrder() throws Exception {
        BspJobResult result = new MapReduceBspRunner(conf, quiet()).run(BspJobSpec.builder("hello", TestPrograms.Hello.class)
                .peers(4).arguments(TestPrograms.text("hi")).build());

        assertThat(result.reports()).extracting(report -> TestPrograms.text(report.report())).containsExactly(
                "hello from 0 of 4", "hello from 1 of 4", "hello from 2 of 4", "hello from 3 of 4");
        assertThat(result.reports()).extracting(BspJobResult.PeerReport::host).containsOnly(HostSamples.localHost());
    }

    @Test
    void theResultNamesTheJobThePeersRanAsWhichWasToldOnTheProgressStream() throws Exception {
        ByteArrayOutputStream progress = new ByteArrayOutputStream();

        BspJobResult result = new MapReduceBspRunner(conf, new PrintStream(progress, true, StandardCharsets.UTF_8))
                .run(BspJobSpec.builder("named", TestPrograms.Hello.class).peers(2).build());

        SubmittedJob job = result.job().orElseThrow();
        assertThat(job.id()).startsWith("job_");
        assertThat(job.name()).isEqualTo("named (BSP, 2 peers)");
        assertThat(progress.toString(StandardCharsets.UTF_8)).startsWith("hbench: named: submitted job " + job.id());
    }

    @Test
    void aPeerTaskKeepsTryingToReachItsCoordinatorForTheJobsFailureTimeout() throws Exception {
        BspJobSpec spec = BspJobSpec.builder("patient", TestPrograms.Hello.class).peers(2)
                .failureTimeout(Duration.ofSeconds(300)).build();

        Configuration jobConf = MapReduceBspRunner.newJob(conf, spec, "127.0.0.1:7077", false).getConfiguration();

        assertThat(PeerMapper.admission(jobConf).patience()).isEqualTo(Duration.ofSeconds(300));
        assertThat(PeerMapper.admission(new Configuration(false)).patience())
                .isEqualTo(BspJobSpec.DEFAULT_FAILURE_TIMEOUT);
    }

    @Test
    void aPeerThatFailsInItsTaskFailsTheJobNamingItAndTheSuperstep() {
        BspJobSpec spec = BspJobSpec.builder("throws", TestPrograms.ThrowsOnce.class).peers(3)
                .arguments(TestPrograms.text("2 1")).build();

        BenchException failure = catchThrowableOfType(() -> new MapReduceBspRunner(conf, quiet()).run(spec),
                BenchException.class);

        assertThat(failure.errorCode()).isEqualTo(ErrorCode.PEER_FAILED);
        assertThat(failure.getMessage())
                .matches("peer 2 \\(127\\.0\\.0\\.1:\\d+\\) failed in superstep 1: IllegalStateException: boom");
    }

    @Test
    void moreLocalPeersThanTheLimitAreRefusedAsBadInputBeforeAnyJobStarts() {
        Configuration limited = new Configuration(conf);
        limited.setInt(BspSettings.LOCAL_MAX_PEERS_KEY, 3);

        BenchException failure = catchThrowableOfType(() -> new MapReduceBspRunner(limited, quiet())
                .run(BspJobSpec.builder("big", TestPrograms.Hello.class).peers(4).build()), BenchException.class);

        assertThat(failure.errorCode()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
        assertThat(failure.getMessage()).isEqualTo("a BSP job of 4 peers needs them all running at once;"
                + " MapReduce's in-process runner runs at most 3 (-D hbench.bsp.local.max.peers)");
    }

    private static PrintStream quiet() {
        return new PrintStream(OutputStream.nullOutputStream());
    }

    @Test
    void yarnCapacityCountsTheMapsThatFitBesideTheApplicationMaster() {
        List<long[]> nodes = List.of(new long[] {8192, 8}, new long[] {4096, 2}, new long[] {512, 4});

        assertThat(ClusterCapacity.concurrentMaps(nodes, 1024, 1, 1536, 1)).isEqualTo(6 + 2 + 0);
        assertThat(ClusterCapacity.concurrentMaps(nodes, 2048, 1, 16384, 1)).as("no node fits the master").isZero();
    }

    @Test
    void morePeersThanHostsWithRoomAreToldBeforeTheJobIsSubmitted() {
        assertThat(MapReduceBspRunner.sharedHosts("EBB ebb 6 peers", 6, List.of("w1", "w2", "w3", "w4")))
                .contains("hbench: EBB ebb 6 peers: 6 peers for 4 hosts with room for a map task, so some hosts run"
                        + " several");
        assertThat(MapReduceBspRunner.sharedHosts("EBB ebb 4 peers", 4, List.of("w1")))
                .contains("hbench: EBB ebb 4 peers: YARN has room on one host only (w1), so all 4 peers run there");
        assertThat(MapReduceBspRunner.sharedHosts("EBB ebb 4 peers", 4, List.of("w1", "w2", "w3", "w4"))).isEmpty();
        assertThat(MapReduceBspRunner.sharedHosts("one peer", 1, List.of("w1"))).as("one peer shares nothing")
                .isEmpty();
    }
}
