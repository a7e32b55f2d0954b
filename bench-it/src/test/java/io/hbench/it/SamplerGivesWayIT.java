package io.hbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The resource sampler on a cluster of one NodeManager at the CapacityScheduler's default share for ApplicationMasters
 * (0.1 of the queue: 410 MB of 4 GB, rounded up to 512 MB). The sampler's unmanaged application counts as an
 * ApplicationMaster of the smallest allocation (128 MB) and is the queue's first active application, so the scheduler
 * holds TestDFSIO's 512 MB ApplicationMaster to the limit: before the sampler gave way, the job stayed ACCEPTED for
 * good. It must finish, unsampled, and say why.
 */
class SamplerGivesWayIT {
    /** A write of two 1 MB files takes about a minute here, several on a loaded machine; a held job never ends. */
    private static final Duration BOUND = Duration.ofMinutes(5);

    @TempDir
    static Path temp;

    private static YarnCluster cluster;
    private static FileSystem fs;

    @BeforeAll
    static void startCluster() throws Exception {
        cluster = YarnCluster.start(temp.resolve("cluster"), 1);
        fs = FileSystem.newInstance(cluster.configuration());
    }

    @AfterAll
    static void stopCluster() throws Exception {
        if (fs != null) {
            fs.close();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void theJobRunsUnsampledWhenTheSamplerHoldsTheQueuesOnlyApplicationMasterSlot() throws Exception {
        Path json = temp.resolve("write.json");

        BenchRun write = cluster.benchJarWithin(BOUND, "TestDFSIO", "-write", "-nrFiles", "2", "-fileSize", "1MB",
                "-rootDir", "/it/gives-way", "-json", json.toString());

        assertThat(write.status).as(write.printed()).isZero();
        assertThat(write.err).containsPattern("hbench: resource sampler: gave way to application_\\d+_\\d+, which"
                + " YARN held in ACCEPTED: the queue's share for ApplicationMasters");
        JsonNode resources = ResultFile.read(json).root().get("resources");
        assertThat(resources.get("coverage").asText()).isEqualTo("run");
        assertThat(resources.get("hosts")).isNotEmpty().allSatisfy(host -> assertThat(host.get("unavailable")
                .asText()).startsWith("the resource sampler gave way to application_"));
        assertThat(fs.listStatus(fs.getHomeDirectory())).extracting(status -> status.getPath().getName())
                .noneMatch(name -> name.startsWith(".hbench-sampling-"));
    }
}
