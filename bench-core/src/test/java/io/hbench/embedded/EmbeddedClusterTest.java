package io.hbench.embedded;

import com.fasterxml.jackson.databind.JsonNode;
import io.hbench.environment.EnvironmentProbe;
import io.hbench.fs.PrivateDirectory;
import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.resources.HdfsSlowNodeReports;
import io.hbench.resources.HostSamples;
import io.hbench.resources.JmxProbe;
import io.hbench.result.Environment;
import io.hbench.testing.OtherUser;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.util.VersionInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class EmbeddedClusterTest {
    @TempDir
    Path temp;

    @Test
    void keepsFilesAcrossRestartsRefusesASecondUserAndRunsJobs() throws Exception {
        Path dir = temp.resolve("cluster");
        org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path("/bench/in/data.txt");
        try (EmbeddedCluster cluster = EmbeddedCluster.start(new Configuration(), dir)) {
            assertThat(cluster.dataNodes()).isEqualTo(EmbeddedCluster.DEFAULT_DATA_NODES);
            Configuration conf = cluster.clientConfiguration();
            assertThat(conf.get("fs.defaultFS")).startsWith("hdfs://");
            try (FSDataOutputStream out = FileSystem.get(conf).create(file)) {
                out.write("a\nb\nc\n".getBytes(StandardCharsets.UTF_8));
            }
        }
        Configuration profiled = new Configuration();
        // What the DataNodes' and the NameNode's /jmx then show: per-volume I/O times and slow-peer tracking.
        profiled.setInt("dfs.datanode.fileio.profiling.sampling.percentage", 100);
        profiled.setBoolean("dfs.datanode.peer.stats.enabled", true);
        try (EmbeddedCluster cluster = EmbeddedCluster.start(profiled, dir)) {
            Configuration conf = cluster.clientConfiguration();
            FileSystem fs = FileSystem.get(conf);
            assertThat(fs.getFileStatus(file).getLen()).isEqualTo(6);
            assertThat(fs.getFileStatus(file).getReplication()).isEqualTo((short) 3);
            assertThatThrownBy(() -> EmbeddedCluster.start(new Configuration(), dir))
                    .isInstanceOf(BenchException.class)
                    .hasMessage("the embedded cluster in " + dir + " is in use by another hbench program; wait for it"
                            + " to finish or choose another -embeddedDir");

            Job job = Job.getInstance(conf, "identity");
            job.setMapperClass(Mapper.class);
            job.setNumReduceTasks(0);
            job.setOutputKeyClass(LongWritable.class);
            job.setOutputValueClass(Text.class);
            FileInputFormat.addInputPath(job, file.getParent());
            FileOutputFormat.setOutputPath(job, new org.apache.hadoop.fs.Path("/bench/out"));
            assertThat(job.waitForCompletion(false)).isTrue();
            assertThat(fs.exists(new org.apache.hadoop.fs.Path("/bench/out/_SUCCESS"))).isTrue();

            Environment environment = EnvironmentProbe.capture(conf, true, List.of("Prog", "-x"));
            assertThat(environment.clusterHadoopVersion()).contains(VersionInfo.getVersion());
            assertThat(environment.configuration())
                    .containsEntry("embedded", "true")
                    .containsEntry("fs.defaultFS", conf.get("fs.defaultFS"))
                    .containsEntry("datanodes", Integer.toString(EmbeddedCluster.DEFAULT_DATA_NODES))
                    .containsKey("datanode_hosts");
            // Every embedded DataNode runs on this host, at 127.0.0.1: by this host's one name, as its tasks know it.
            assertThat(environment.configuration().get("datanode_hosts")).isEqualTo(HostSamples.localHost());
            assertThat(environment.clientHost()).isEqualTo(HostSamples.localHost());
            assertThat(environment.commandLine()).containsExactly("Prog", "-x");

            assertJmxHasWhatHbenchReads(conf, fs);
        }
    }

    /**
     * The beans and attributes hbench reads of a DataNode's and the NameNode's /jmx are there, and a write of N bytes
     * raises what the DataNodes say they took by at least N (their /jmx refreshes at most every 10 s).
     */
    private static void assertJmxHasWhatHbenchReads(Configuration conf, FileSystem fs) throws Exception {
        DatanodeInfo[] dataNodes = ((DistributedFileSystem) fs).getDataNodeStats(DatanodeReportType.LIVE);
        List<JsonNode> beans = JmxProbe.dataNodeBeans(conf, dataNodes[0]);
        JsonNode activity = beans.stream().filter(bean -> bean.path("name").asText().equals(
                "Hadoop:service=DataNode,name=DataNodeActivity-" + dataNodes[0].getHostName() + "-"
                        + dataNodes[0].getXferPort())).findFirst().orElseThrow();
        assertThat(activity.has("BytesRead") && activity.has("BytesWritten")
                && activity.has("PacketAckRoundTripTimeNanosNumOps")
                && activity.has("PacketAckRoundTripTimeNanosAvgTime")).as(activity.toString()).isTrue();
        JsonNode volume = beans.stream().filter(bean -> bean.path("name").asText()
                .startsWith("Hadoop:service=DataNode,name=DataNodeVolume-")).findFirst().orElseThrow();
        assertThat(volume.has("ReadIoRateNumOps") && volume.has("ReadIoRateAvgTime") && volume.has("WriteIoRateNumOps")
                && volume.has("WriteIoRateAvgTime")).as(volume.toString()).isTrue();
        JsonNode status = JmxProbe.nameNodeStatus(conf);
        assertThat(status.has("SlowPeersReport") && status.has("SlowDisksReport")).as(status.toString()).isTrue();
        assertThat(JmxProbe.slowNodeReports(conf, System.err)).containsOnlyKeys(HdfsSlowNodeReports.SLOW_PEERS);

        long before = bytesWritten(conf, dataNodes);
        int bytes = 1 << 20;
        try (FSDataOutputStream out = fs.create(new org.apache.hadoop.fs.Path("/bench/jmx/data"))) {
            out.write(new byte[bytes]);
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (bytesWritten(conf, dataNodes) < before + bytes && System.nanoTime() < deadline) {
            Thread.sleep(500);
        }
        assertThat(bytesWritten(conf, dataNodes)).isGreaterThanOrEqualTo(before + bytes);
    }

    private static long bytesWritten(Configuration conf, DatanodeInfo[] dataNodes) throws Exception {
        long sum = 0;
        for (DatanodeInfo dataNode : dataNodes) {
            sum += JmxProbe.bytesWritten(conf, dataNode);
        }
        return sum;
    }

    @Test
    void refusesADirectoryThatHoldsOtherFiles() throws Exception {
        Path dir = PrivateDirectory.claim(temp.resolve("someone-elses"));
        Files.writeString(dir.resolve("precious.txt"), "keep me");

        assertThatThrownBy(() -> EmbeddedCluster.start(new Configuration(), dir))
                .isInstanceOf(BenchException.class)
                .hasMessage("-embeddedDir " + dir + " holds files hbench did not create; choose an empty or new directory")
                .extracting(e -> ((BenchException) e).errorCode()).isEqualTo(ErrorCode.UNSAFE_DIRECTORY);
        assertThat(dir.resolve("precious.txt")).hasContent("keep me");
        assertThat(FileUtil.list(dir.toFile())).containsExactly("precious.txt");
    }

    @Test
    void aDirectoryAnotherUserMadeFirstIsRefusedAndNothingItLinksToIsWritten() throws Exception {
        OtherUser.assumeRoot();
        Path victim = Files.writeString(temp.resolve("victim.txt"), "the victim's own file\n");
        Path dir = OtherUser.plantStorage(temp.resolve("hbench-embedded-root"), EmbeddedCluster.MARKER_FILE);
        OtherUser.give(Files.createSymbolicLink(dir.resolve("cluster.properties"), victim));

        assertThatThrownBy(() -> EmbeddedCluster.start(new Configuration(), dir))
                .isInstanceOf(BenchException.class)
                .hasMessage("-embeddedDir " + dir + " belongs to nobody, not to root who runs this, so hbench writes"
                        + " nothing in it: remove it, or choose another -embeddedDir")
                .extracting(e -> ((BenchException) e).errorCode()).isEqualTo(ErrorCode.UNSAFE_DIRECTORY);
        assertThat(victim).hasContent("the victim's own file");
        assertThat(FileUtil.list(dir.toFile())).containsExactlyInAnyOrder(EmbeddedCluster.MARKER_FILE,
                "cluster.properties");
    }
}
