package io.hbench.dfsio;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hbench.datanodes.BlockWrites;
import io.hbench.datanodes.DataNodeBlocks;
import io.hbench.embedded.EmbeddedCluster;
import io.hbench.findings.BlockGroup;
import io.hbench.mapred.ReducedValues;
import io.hbench.mapred.SummingReducer;
import io.hbench.result.BenchResult;
import io.hbench.result.HostUsage;
import io.hbench.result.MetricKey;
import io.hbench.result.json.JsonResultReader;
import io.hbench.testing.ResultSchema;
import io.hbench.testing.ToolRun;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.io.IOUtils;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TestDFSIO end to end on one shared in-process HDFS (3 DataNodes) with the local MapReduce
 * runner. Each test works in its own base directory, so tests do not depend on each other.
 */
class TestDfsioClusterTest {
    private static final int MIB = 1 << 20;

    @TempDir
    static Path temp;

    private static EmbeddedCluster cluster;
    private static Configuration conf;
    private static DistributedFileSystem fs;

    @BeforeAll
    static void startCluster() throws IOException {
        cluster = EmbeddedCluster.start(new Configuration(), temp.resolve("cluster"));
        conf = cluster.clientConfiguration();
        fs = (DistributedFileSystem) FileSystem.get(conf);
    }

    @AfterAll
    static void stopCluster() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void writeProducesTheFilesAndTheClassicAndNewResultLines() throws Exception {
        Path json = temp.resolve("write.json");
        Path results = temp.resolve("write-results.log");
        ToolRun write = run("-write", "-nrFiles", "4", "-fileSize", "2MB", "-bufferSize", "65536",
                "-rootDir", "/t/write", "-json", json.toString(), "-resFile", results.toString());

        assertThat(write.status).as(write.err).isZero();
        assertThat(write.out).contains("----- TestDFSIO ----- : write", "        Number of files: 4",
                " Total MBytes processed: 8\n", "      Throughput mb/sec: ", " Average IO rate mb/sec: ",
                "  IO rate std deviation: ", "     Test exec time sec: ", "----- hbench TestDFSIO ----- : write",
                "   Aggregate throughput MiB/s: ");
        for (int i = 0; i < 4; i++) {
            org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path("/t/write/io_data/test_io_" + i);
            FileStatus status = fs.getFileStatus(file);
            assertThat(status.getLen()).isEqualTo(2 * MIB);
            assertThat(status.getReplication()).isEqualTo((short) 3);
            assertThat(readAll(file)).isEqualTo(expectedBytes("test_io_" + i, 0, 2 * MIB));
        }
        assertThat(fs.exists(new org.apache.hadoop.fs.Path("/t/write/io_control/in_file_test_io_3"))).isTrue();
        assertThat(fs.exists(new org.apache.hadoop.fs.Path("/t/write/io_write/part-r-00000"))).isTrue();
        // The store check passed on HDFS without a word, and left nothing of itself.
        assertThat(write.err).doesNotContain("store check");
        assertThat(fs.listStatus(new org.apache.hadoop.fs.Path("/t/write"))).extracting(entry -> entry.getPath()
                .getName()).containsExactlyInAnyOrder(".hbench", "io_control", "io_data", "io_write");

        List<String> resultFile = Files.readAllLines(results);
        assertThat(resultFile).contains("----- TestDFSIO ----- : write", "        Number of files: 4",
                " Total MBytes processed: 8");
        String text = Files.readString(json);
        ResultSchema.assertValid(text);
        JsonNode result = new ObjectMapper().readTree(text);
        assertThat(result.get("benchmark").asText()).isEqualTo("TestDFSIO");
        assertThat(result.get("primaryMetric").asText()).isEqualTo("aggregate_throughput");
        assertThat(result.get("tasks")).hasSize(4);
        assertThat(metric(result, "bytes")).isEqualTo(8.0 * MIB);
        assertThat(metric(result, "aggregate_throughput")).isPositive();
        assertThat(result.get("environment").get("commandLine")).extracting(JsonNode::asText).containsExactly(
                "TestDFSIO", "-write", "-nrFiles", "4", "-fileSize", "2MB", "-bufferSize", "65536",
                "-rootDir", "/t/write", "-json", json.toString(), "-resFile", results.toString());
        assertThat(result.get("environment").get("hadoop").get("cluster").asText()).isNotEmpty();
        assertThat(result.get("environment").get("taskHosts").size()).isPositive();
        assertThat(result.get("locations").get("baseDir").asText()).isEqualTo("/t/write");
        assertThat(result.get("jobs")).hasSize(1);
        String jobId = result.get("jobs").get(0).get("id").asText();
        assertThat(jobId).startsWith("job_local");
        // The local runner runs a job in no YARN application; on a cluster the id would be application_...
        assertThat(result.get("jobs").get(0).get("applicationId").isNull()).as("applicationId of " + jobId).isTrue();
        assertThat(write.err).contains("hbench: TestDFSIO write: submitted job " + jobId);
        // MapReduce runs in this process: its host, where every task and DataNode ran, sampled for the whole run.
        assertThat(write.out).contains("----- Resource utilization: means over the whole run on every DataNode and"
                + " NodeManager host, sampled every 1 s -----");
        assertThat(String.join("\n", resultFile)).as("scripts parse the file: it keeps the classic lines only")
                .doesNotContain("Resource utilization");
        JsonNode resources = result.get("resources");
        assertThat(resources.get("coverage").asText()).isEqualTo("run");
        assertThat(resources.get("phases")).extracting(phase -> phase.get("name").asText()).containsExactly("write");
        assertThat(resources.get("hosts")).extracting(host -> host.get("host").asText())
                .containsExactlyElementsOf(() -> result.get("environment").get("taskHosts").fieldNames());
        // On HDFS each task times its blocks: 4 files of one block, each first in one DataNode's pipeline.
        assertThat(blocks(result, "first")).isEqualTo(4);
        assertThat(blocks(result, "member")).isEqualTo(4 * 3);
        assertThat(write.out).contains(" as first: ", " as member: ");
    }

    @Test
    void aWriteAndThenAReadRecordEveryBlockOfTheFileWithTheClustersDataNodes() throws Exception {
        // Blocks of 1 MiB, written in calls of 700 KiB that cross their ends: 1 MiB, 1 MiB and the last 512 KiB.
        Configuration smallBlocks = new Configuration(conf);
        smallBlocks.setLong("dfs.blocksize", MIB);
        org.apache.hadoop.fs.Path dataDir = new org.apache.hadoop.fs.Path("/t/blocks");
        List<String> dataNodes = Arrays.stream(fs.getDataNodeStats())
                .map(node -> BlockWrites.name(node.getHostName(), node.getXferPort())).collect(Collectors.toList());
        try (FileSystem client = FileSystem.newInstance(smallBlocks)) {
            for (DfsioOperation operation : List.of(DfsioOperation.WRITE, DfsioOperation.READ)) {
                DfsioOptions options = DfsioOptions.builder(operation).fileSize(2 * MIB + MIB / 2)
                        .bufferSize(700 * 1024).build();
                TaskStats stats = new FileIo(client, false, smallBlocks, options, dataDir, "h1")
                        .run("test_io_0", options.fileSize(), bytes -> { });
                Map<String, List<Text>> emitted = new TreeMap<>();
                stats.emit((key, value) -> emitted.computeIfAbsent(key, k -> new ArrayList<>()).add(new Text(value)));
                Map<String, String> reduced = new TreeMap<>();
                emitted.forEach((key, values) -> reduced.put(key, SummingReducer.combine(key, values)));
                DataNodeBlocks blocks = DataNodeBlocks.from(new ReducedValues(reduced));

                List<BlockGroup> groups = operation == DfsioOperation.WRITE ? blocks.writes() : blocks.reads();
                int fileBlocks = fs.getFileBlockLocations(new org.apache.hadoop.fs.Path(dataDir, "test_io_0"), 0,
                        Long.MAX_VALUE).length;
                assertThat(fileBlocks).isEqualTo(3);
                assertThat(groups.stream().mapToLong(BlockGroup::blocks).sum()).as(operation.label())
                        .isEqualTo(fileBlocks);
                assertThat(groups.stream().mapToLong(BlockGroup::bytes).sum()).isEqualTo(options.fileSize());
                assertThat(groups).allSatisfy(group -> assertThat(dataNodes).containsAll(group.dataNodes()));
                assertThat(groups).allSatisfy(group -> assertThat(group.dataNodes())
                        .hasSize(operation == DfsioOperation.WRITE ? 3 : 1));
            }
        }
    }

    /** The blocks the DataNodes had in {@code role}, by the result's distributions. */
    private static long blocks(JsonNode result, String role) {
        long blocks = 0;
        for (JsonNode distribution : result.get("distributions")) {
            if (distribution.get("id").asText().equals("block_throughput")
                    && distribution.get("labels").get("role").asText().equals(role)) {
                blocks += distribution.get("count").asLong();
            }
        }
        return blocks;
    }

    @Test
    void theLoopbackBytesSampledDuringAWriteAreAtLeastEveryReplicaOfTheData() throws Exception {
        Path json = temp.resolve("loopback.json");
        ToolRun write = run("-write", "-nrFiles", "2", "-fileSize", "8MB", "-rootDir", "/t/loopback",
                "-json", json.toString());

        assertThat(write.status).as(write.err).isZero();
        BenchResult result = JsonResultReader.read(Files.newBufferedReader(json));
        HostUsage host = result.resources().orElseThrow().hosts().get(0);
        double sent = host.summary(MetricKey.of("net_sent").withLabel("interface", "lo").withLabel("stat", "total"))
                .orElseThrow().value();
        // Client -> datanode 1 -> 2 -> 3 over loopback, 16 MiB each, plus checksums (4 bytes per 512), headers and
        // acknowledgements, and whatever else the embedded cluster says meanwhile.
        assertThat(sent).isBetween(3 * 16.0 * MIB, 3 * 16.0 * MIB * 1.1 + 16 * MIB);
    }

    @Test
    void noResourcesLeavesTheFiguresOutAndTheSummaryUnprinted() throws Exception {
        Path json = temp.resolve("no-resources.json");
        ToolRun write = run("-write", "-noResources", "-nrFiles", "1", "-fileSize", "1MB", "-rootDir", "/t/nores",
                "-json", json.toString());

        assertThat(write.status).as(write.err).isZero();
        assertThat(write.out).doesNotContain("Resource utilization");
        assertThat(new ObjectMapper().readTree(Files.readString(json)).get("resources").isNull()).isTrue();
    }

    @Test
    void aMistypedSamplingIntervalIsRefusedInOneLine() throws Exception {
        Configuration mistyped = new Configuration(conf);
        mistyped.set("hbench.resources.interval", "often");

        ToolRun write = run(mistyped, "-write", "-nrFiles", "1", "-fileSize", "1MB", "-rootDir", "/t/often");

        assertThat(write.status).isEqualTo(2);
        assertThat(write.err).startsWith("TestDFSIO: hbench.resources.interval is not a duration such as 1s or 500ms:"
                + " often\n");
    }

    @Test
    void readWithVerifyChecksEveryByteWrittenByAnEarlierWrite() throws Exception {
        assertThat(run("-write", "-nrFiles", "3", "-fileSize", "1MB", "-rootDir", "/t/read").status).isZero();

        Path json = temp.resolve("read.json");
        ToolRun read = run("-read", "-verify", "-nrFiles", "3", "-fileSize", "1MB", "-rootDir", "/t/read", "-json",
                json.toString());

        assertThat(read.status).as(read.err).isZero();
        assertThat(read.out).contains("----- TestDFSIO ----- : read", " Total MBytes processed: 3\n",
                "                Data verified: every byte read matched (3 MiB)");
        // Read right after its write: the page cache served it, unless the shared machine's disks read a tenth of its
        // bytes meanwhile for something else; the sampled disks decide which the findings must say.
        BenchResult result = JsonResultReader.read(Files.newBufferedReader(json));
        result.resources().orElseThrow().cluster(MetricKey.of("disk_read").withLabel("stat", "total"))
                .ifPresent(diskRead -> {
                    String cached = "reading: read from the DataNodes' page cache: ";
                    if (diskRead.value() < 3.0 * MIB / 10) {
                        assertThat(read.out).contains(cached);
                        assertThat(read.out).containsPattern("of 0.00293 GiB came from disk; the figure is memory, not"
                                + " disk bandwidth; write at least 2x the sampled hosts' \\d+\\.\\d{3} GiB of memory"
                                + " for a disk figure\n");
                    } else {
                        assertThat(read.out).doesNotContain(cached);
                    }
                });
    }

    @Test
    void verifyFindsACorruptedByteAndNamesFileAndOffset() throws Exception {
        assertThat(run("-write", "-nrFiles", "3", "-fileSize", "2MB", "-rootDir", "/t/corrupt").status).isZero();
        org.apache.hadoop.fs.Path victim = new org.apache.hadoop.fs.Path("/t/corrupt/io_data/test_io_1");
        byte[] data = readAll(victim);
        int offset = 1_000_003;
        int expected = data[offset] & 0xff;
        data[offset] ^= 0x5a;
        try (FSDataOutputStream out = fs.create(victim, true)) {
            out.write(data);
        }

        ToolRun read = run("-read", "-verify", "-nrFiles", "3", "-fileSize", "2MB", "-rootDir", "/t/corrupt");

        String failure = String.format("test_io_1: byte at offset %d is 0x%02x, expected 0x%02x", offset,
                expected ^ 0x5a, expected);
        assertThat(read.status).isEqualTo(1);
        assertThat(read.err).contains("TestDFSIO: verification failed in 1 of 3 files; first: " + failure);
        assertThat(read.out).contains("                Data verified: FAILED in 1 file",
                "                      FAILURE: " + failure);
    }

    @Test
    void positionalReadsReadFromTheWrittenFilesAndVerify() throws Exception {
        assertThat(run("-write", "-nrFiles", "2", "-fileSize", "1MB", "-rootDir", "/t/positional").status).isZero();

        ToolRun random = run("-read", "-random", "-verify", "-nrFiles", "2", "-fileSize", "1MB", "-bufferSize", "65536",
                "-rootDir", "/t/positional");
        ToolRun backward = run("-read", "-backward", "-verify", "-nrFiles", "2", "-fileSize", "1MB", "-bufferSize",
                "65536", "-rootDir", "/t/positional");
        ToolRun skip = run("-read", "-skip", "-skipSize", "64KB", "-verify", "-nrFiles", "2", "-fileSize", "1MB",
                "-bufferSize", "65536", "-rootDir", "/t/positional");

        assertThat(random.status).as(random.err).isZero();
        assertThat(random.out).contains("----- TestDFSIO ----- : random read", "Data verified: every byte read matched");
        assertThat(backward.status).as(backward.err).isZero();
        // Backward: 16 buffers of 64 KiB from the end to the start of each 1 MiB file.
        assertThat(backward.out).contains("----- TestDFSIO ----- : backward read", " Total MBytes processed: 2\n");
        assertThat(skip.status).as(skip.err).isZero();
        // Skip: a 64 KiB buffer, then 64 KiB skipped, to the end: half of each file.
        assertThat(skip.out).contains("----- TestDFSIO ----- : skip read", " Total MBytes processed: 1\n");
        assertThat(fs.exists(new org.apache.hadoop.fs.Path("/t/positional/io_random_read/part-r-00000"))).isTrue();
    }

    @Test
    void appendExtendsTheFilesWithVerifiableData() throws Exception {
        assertThat(run("-write", "-nrFiles", "2", "-fileSize", "1MB", "-rootDir", "/t/append").status).isZero();

        ToolRun append = run("-append", "-nrFiles", "2", "-fileSize", "1MB", "-rootDir", "/t/append");
        ToolRun read = run("-read", "-verify", "-nrFiles", "2", "-fileSize", "2MB", "-rootDir", "/t/append");

        assertThat(append.status).as(append.err).isZero();
        assertThat(append.out).contains("----- TestDFSIO ----- : append", " Total MBytes processed: 2\n");
        assertThat(fs.getFileStatus(new org.apache.hadoop.fs.Path("/t/append/io_data/test_io_0")).getLen())
                .isEqualTo(2 * MIB);
        assertThat(read.status).as(read.err).isZero();
        assertThat(read.out).contains(" Total MBytes processed: 4\n", "Data verified: every byte read matched");
    }

    @Test
    void truncateShortensTheFilesAndReportsTheBytesCut() throws Exception {
        assertThat(run("-write", "-nrFiles", "2", "-fileSize", "3MB", "-rootDir", "/t/truncate").status).isZero();

        ToolRun truncate = run("-truncate", "-nrFiles", "2", "-size", "1MB", "-rootDir", "/t/truncate");

        assertThat(truncate.status).as(truncate.err).isZero();
        assertThat(truncate.out).contains("----- TestDFSIO ----- : truncate", " Total MBytes processed: 4\n");
        assertThat(fs.getFileStatus(new org.apache.hadoop.fs.Path("/t/truncate/io_data/test_io_1")).getLen())
                .isEqualTo(MIB);
        ToolRun longer = run("-truncate", "-nrFiles", "2", "-size", "2MB", "-rootDir", "/t/truncate");
        assertThat(longer.status).isEqualTo(2);
        assertThat(longer.err).startsWith("TestDFSIO: -size 2097152 bytes is more than test_io_0's length of 1048576"
                + " bytes: truncate only shortens files\n");
    }

    @Test
    void sequentialModeDoesTheSameWorkWithoutAJob() throws Exception {
        Path json = temp.resolve("seq.json");
        ToolRun seq = run("-write", "-seq", "-nrFiles", "2", "-fileSize", "1MB", "-rootDir", "/t/seq",
                "-json", json.toString());

        assertThat(seq.status).as(seq.err).isZero();
        assertThat(seq.out).startsWith("Seq Test exec time sec: ").contains("----- hbench TestDFSIO ----- : write")
                .doesNotContain("----- TestDFSIO -----");
        String text = Files.readString(json);
        ResultSchema.assertValid(text);
        JsonNode result = new ObjectMapper().readTree(text);
        assertThat(result.get("jobs")).isEmpty();
        assertThat(result.get("parameters").get("sequential").asText()).isEqualTo("true");
        assertThat(result.get("tasks")).hasSize(2);
        assertThat(fs.exists(new org.apache.hadoop.fs.Path("/t/seq/io_write"))).isFalse();
        assertThat(readAll(new org.apache.hadoop.fs.Path("/t/seq/io_data/test_io_1")))
                .isEqualTo(expectedBytes("test_io_1", 0, MIB));
    }

    @Test
    void compressedFilesStayFullSizeBecauseTheDataIsIncompressible() throws Exception {
        String codec = "org.apache.hadoop.io.compress.DefaultCodec";
        ToolRun write = run("-write", "-compression", codec, "-nrFiles", "1", "-fileSize", "2MB", "-rootDir", "/t/codec");
        ToolRun read = run("-read", "-verify", "-compression", codec, "-nrFiles", "1", "-fileSize", "2MB",
                "-rootDir", "/t/codec");

        assertThat(write.status).as(write.err).isZero();
        assertThat(fs.getFileStatus(new org.apache.hadoop.fs.Path("/t/codec/io_data/test_io_0")).getLen())
                .isGreaterThanOrEqualTo(2L * MIB * 99 / 100);
        assertThat(read.status).as(read.err).isZero();
        assertThat(read.out).contains(" Total MBytes processed: 2\n", "Data verified: every byte read matched");
    }

    @Test
    void storagePolicyIsSetOnEveryWrittenFile() throws Exception {
        ToolRun write = run("-write", "-storagePolicy", "HOT", "-nrFiles", "2", "-fileSize", "1MB", "-rootDir", "/t/policy");

        assertThat(write.status).as(write.err).isZero();
        assertThat(fs.getStoragePolicy(new org.apache.hadoop.fs.Path("/t/policy/io_data/test_io_1")).getName())
                .isEqualTo("HOT");
    }

    @Test
    void unknownStoragePolicyIsRefusedBeforeAnythingIsWritten() throws Exception {
        ToolRun write = run("-write", "-storagePolicy", "LUKEWARM", "-rootDir", "/t/nopolicy");

        assertThat(write.status).isEqualTo(2);
        assertThat(firstLine(write.err)).startsWith("TestDFSIO: -storagePolicy LUKEWARM is not a storage policy of this"
                + " cluster; it has ");
        assertThat(fs.exists(new org.apache.hadoop.fs.Path("/t/nopolicy"))).isFalse();
    }

    @Test
    void erasureCodingPolicyIsSetOnTheDataDirectory() throws Exception {
        fs.enableErasureCodingPolicy("XOR-2-1-1024k");

        ToolRun write = run("-write", "-erasureCodePolicy", "XOR-2-1-1024k", "-nrFiles", "2", "-fileSize", "1MB",
                "-rootDir", "/t/ec");
        ToolRun read = run("-read", "-verify", "-nrFiles", "2", "-fileSize", "1MB", "-rootDir", "/t/ec");

        assertThat(write.status).as(write.err).isZero();
        assertThat(fs.getErasureCodingPolicy(new org.apache.hadoop.fs.Path("/t/ec/io_data/test_io_0")).getName())
                .isEqualTo("XOR-2-1-1024k");
        assertThat(read.status).as(read.err).isZero();
    }

    @Test
    void disabledErasureCodingPolicyIsRefusedWithTheCommandThatEnablesIt() throws Exception {
        ToolRun write = run("-write", "-erasureCodePolicy", "RS-10-4-1024k", "-rootDir", "/t/ec-disabled");

        assertThat(write.status).isEqualTo(2);
        assertThat(firstLine(write.err)).isEqualTo("TestDFSIO: -erasureCodePolicy RS-10-4-1024k is disabled on this"
                + " cluster; an administrator enables it with: hdfs ec -enablePolicy -policy RS-10-4-1024k");
    }

    @Test
    void aWriteToChosenDataNodesPlacesEveryBlockOnThemAndCountsEachBlock() throws Exception {
        List<String> dataNodes = dataNodes();
        Configuration oneReplica = withReplication(1);
        oneReplica.setLong("dfs.blocksize", MIB);
        Configuration twoReplicas = new Configuration(oneReplica);
        twoReplicas.setInt("dfs.replication", 2);
        Path json = temp.resolve("favored.json");

        ToolRun one = run(oneReplica, "-write", "-dataNodes", dataNodes.get(1), "-nrFiles", "2", "-fileSize", "2MB",
                "-rootDir", "/t/favored-one", "-json", json.toString());
        ToolRun two = run(twoReplicas, "-write", "-seq", "-dataNodes", dataNodes.get(2) + "," + dataNodes.get(0),
                "-nrFiles", "2", "-fileSize", "3MB", "-rootDir", "/t/favored-two");

        assertThat(one.status).as(one.err).isZero();
        assertThat(one.out).contains("  Blocks placed on -dataNodes: 4 of 4\n");
        assertThat(replicas("/t/favored-one", 2)).hasSize(4).allSatisfy(block -> assertThat(block)
                .containsExactly(dataNodes.get(1)));
        JsonNode result = new ObjectMapper().readTree(Files.readString(json));
        assertThat(metric(result, "favored_blocks")).isEqualTo(4.0);
        assertThat(metric(result, "favored_blocks_placed")).isEqualTo(4.0);
        assertThat(result.get("parameters").get("dataNodes").asText()).isEqualTo(dataNodes.get(1));
        assertThat(two.status).as(two.err).isZero();
        assertThat(two.out).contains("  Blocks placed on -dataNodes: 6 of 6\n");
        assertThat(replicas("/t/favored-two", 2)).hasSize(6).allSatisfy(block -> assertThat(block)
                .containsExactlyInAnyOrder(dataNodes.get(2), dataNodes.get(0)));
    }

    @Test
    void aFavoredNodeThatIsNoDataNodeIsPassedOverAndTheCountSaysSo() throws Exception {
        Configuration oneReplica = withReplication(1);

        ToolRun write = run(oneReplica, "-write", "-seq", "-dataNodes", "127.0.0.1:1", "-nrFiles", "2", "-fileSize",
                "1MB", "-rootDir", "/t/favored-none");

        assertThat(write.status).as(write.err).isZero();
        assertThat(write.out).contains("  Blocks placed on -dataNodes: 0 of 2  (the NameNode placed 2 blocks elsewhere:"
                + " it passes over a favored node that is not a live DataNode, is decommissioning, full or too busy)\n");
        assertThat(replicas("/t/favored-none", 2)).hasSize(2).allSatisfy(block -> assertThat(block)
                .hasSize(1).isSubsetOf(dataNodes()));
    }

    @Test
    void dataNodesAreRefusedOffHdfsAndWhereAHostDoesNotResolve() throws Exception {
        ToolRun local = run("-write", "-dataNodes", "127.0.0.1", "-rootDir", temp.resolve("local-favored").toUri()
                .toString());
        ToolRun unknown = run("-write", "-dataNodes", "no-such-host.invalid", "-rootDir", "/t/favored-unknown");

        assertThat(local.status).isEqualTo(2);
        assertThat(firstLine(local.err)).isEqualTo("TestDFSIO: -dataNodes names HDFS DataNodes (favored nodes), but the"
                + " base directory is on file:///");
        assertThat(unknown.status).isEqualTo(2);
        assertThat(firstLine(unknown.err)).isEqualTo("TestDFSIO: -dataNodes host no-such-host.invalid does not resolve");
        assertThat(fs.exists(new org.apache.hadoop.fs.Path("/t/favored-unknown"))).isFalse();
    }

    @Test
    void readFromOtherFindsNoHostWithoutAReplicaWhereEveryDataNodeIsOnTheOneHostThatRunsTasks() throws Exception {
        Path json = temp.resolve("read-from.json");
        assertThat(run("-write", "-nrFiles", "2", "-fileSize", "64KB", "-rootDir", "/t/read-from").status).isZero();

        ToolRun read = run("-read", "-readFrom", "other", "-nrFiles", "2", "-fileSize", "64KB", "-rootDir",
                "/t/read-from", "-json", json.toString());
        ToolRun local = run("-read", "-readFrom", "other", "-rootDir", temp.resolve("local-read-from").toUri()
                .toString());

        assertThat(read.status).as(read.err).isZero();
        // The local runner runs every task on this host, which holds all three DataNodes: every task reads beside one.
        assertThat(read.out).contains("                    Read from: 0 of 2 tasks on a host without a replica of their"
                + " file, 2 on a host with one  (-readFrom other asks YARN for such hosts, which it takes as"
                + " preferences; every host that runs tasks holds a replica of 2 of 2 files, whose tasks asked for no"
                + " host)\n");
        JsonNode result = new ObjectMapper().readTree(Files.readString(json));
        assertThat(metric(result, "reads_local")).isEqualTo(2.0);
        assertThat(metric(result, "reads_remote")).isZero();
        assertThat(metric(result, "read_files_without_host")).isEqualTo(2.0);
        assertThat(result.get("parameters").get("readFrom").asText()).isEqualTo("other");
        assertThat(local.status).isEqualTo(2);
        assertThat(firstLine(local.err)).isEqualTo("TestDFSIO: -readFrom places tasks by where HDFS keeps the replicas"
                + " of their files, but the base directory is on file:///");
    }

    @Test
    void dropBehindIsAcceptedByHdfsStreamsAndRefusedByLocalOnes() throws Exception {
        Path json = temp.resolve("drop-behind.json");
        String local = temp.resolve("local-drop-behind").toUri().toString();

        ToolRun write = run("-write", "-dropBehind", "-nrFiles", "2", "-fileSize", "1MB", "-rootDir", "/t/drop-behind");
        ToolRun read = run("-read", "-dropBehind", "-verify", "-nrFiles", "2", "-fileSize", "1MB", "-rootDir",
                "/t/drop-behind", "-json", json.toString());
        ToolRun localWrite = run("-write", "-seq", "-dropBehind", "-nrFiles", "1", "-fileSize", "1MB", "-rootDir",
                local);

        assertThat(write.status).as(write.err).isZero();
        assertThat(write.out).contains("                  Drop behind: accepted by the streams of all 2 files (DataNodes"
                + " with native I/O drop the pages behind them)\n");
        assertThat(read.status).as(read.err).isZero();
        assertThat(read.out).contains("Drop behind: accepted by the streams of all 2 files",
                "Data verified: every byte read matched (2 MiB)");
        JsonNode result = new ObjectMapper().readTree(Files.readString(json));
        assertThat(metric(result, "drop_behind_accepted")).isEqualTo(2.0);
        assertThat(metric(result, "drop_behind_refused")).isZero();
        assertThat(result.get("parameters").get("dropBehind").asText()).isEqualTo("true");
        assertThat(localWrite.status).as(localWrite.err).isZero();
        assertThat(localWrite.out).contains("                  Drop behind: refused by the streams of all 1 file: this"
                + " file system's streams cannot drop pages behind\n");
    }

    @Test
    void readWithNothingWrittenIsRefused() throws Exception {
        ToolRun read = run("-read", "-rootDir", "/t/empty");

        assertThat(read.status).isEqualTo(2);
        assertThat(firstLine(read.err)).isEqualTo("TestDFSIO: " + fs.getUri() + "/t/empty does not exist: nothing to"
                + " read; run TestDFSIO -write first");
        assertThat(fs.exists(new org.apache.hadoop.fs.Path("/t/empty"))).isFalse();
    }

    @Test
    void readOfMoreFilesThanWereWrittenIsRefused() throws Exception {
        assertThat(run("-write", "-nrFiles", "2", "-fileSize", "1MB", "-rootDir", "/t/few").status).isZero();

        ToolRun read = run("-read", "-nrFiles", "3", "-rootDir", "/t/few");

        assertThat(read.status).isEqualTo(2);
        assertThat(firstLine(read.err)).isEqualTo("TestDFSIO: nothing to read: " + fs.getUri() + "/t/few/io_data has"
                + " no test_io_2; run TestDFSIO -write -nrFiles 3 first");
    }

    @Test
    void directoryWithOtherDataIsNeitherWrittenNorCleaned() throws Exception {
        org.apache.hadoop.fs.Path precious = new org.apache.hadoop.fs.Path("/precious/data.txt");
        try (FSDataOutputStream out = fs.create(precious)) {
            out.write("keep".getBytes(StandardCharsets.UTF_8));
        }

        ToolRun write = run("-write", "-rootDir", "/precious");
        ToolRun clean = run("-clean", "-rootDir", "/precious");

        assertThat(write.status).isEqualTo(2);
        assertThat(firstLine(write.err)).isEqualTo("TestDFSIO: -rootDir (or -Dtest.build.data) " + fs.getUri()
                + "/precious holds data hbench did not create (for example data.txt); nothing was changed. If its"
                + " contents are disposable, remove it with 'hadoop fs -rm -r -skipTrash " + fs.getUri() + "/precious';"
                + " otherwise choose another directory with -rootDir (or -Dtest.build.data)");
        assertThat(clean.status).isEqualTo(2);
        assertThat(Arrays.stream(fs.listStatus(new org.apache.hadoop.fs.Path("/precious")))
                .map(status -> status.getPath().getName())).containsExactly("data.txt");
        assertThat(readAll(precious)).isEqualTo("keep".getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void rootIsRefusedAsBaseDirectory() throws Exception {
        List<String> before = rootEntries();

        ToolRun write = run("-write", "-rootDir", "/");
        ToolRun clean = run("-clean", "-rootDir", "/");

        assertThat(write.status).isEqualTo(2);
        assertThat(firstLine(write.err)).isEqualTo("TestDFSIO: -rootDir (or -Dtest.build.data) "
                + fs.getUri() + "/ is the root directory; benchmarks delete and rewrite what is under their base"
                + " directory, so give them one of their own");
        assertThat(clean.status).isEqualTo(2);
        assertThat(rootEntries()).isEqualTo(before);
    }

    @Test
    void cleanRemovesOnlyTheBaseDirectoryItCreatedAndSaysWhatWasInIt() throws Exception {
        assertThat(run("-write", "-seq", "-nrFiles", "2", "-fileSize", "1MB", "-rootDir", "/t/clean/bench").status)
                .isZero();
        org.apache.hadoop.fs.Path sibling = new org.apache.hadoop.fs.Path("/t/clean/sibling.txt");
        fs.create(sibling).close();
        try (FSDataOutputStream out = fs.create(new org.apache.hadoop.fs.Path("/t/clean/bench/notes.txt"))) {
            out.write(new byte[] {1, 2, 3, 4, 5});
        }
        try (FSDataOutputStream out = fs.create(new org.apache.hadoop.fs.Path("/t/clean/bench/io_data/extra"))) {
            out.write(new byte[] {1, 2, 3});
        }

        ToolRun clean = run("-clean", "-rootDir", "/t/clean/bench");

        assertThat(clean.status).as(clean.err).isZero();
        // Two data files of 1 MiB, the 78-byte marker, and the 5 and 3 bytes put there by hand.
        long bytes = 2 * 1048576 + 78 + 5 + 3;
        assertThat(clean.out).isEqualTo("TestDFSIO: removed " + fs.makeQualified(new org.apache.hadoop.fs.Path(
                "/t/clean/bench")) + ": 5 files, 2.000 MiB (" + bytes + " bytes)\n"
                + "TestDFSIO: among them 2 entries TestDFSIO did not write: /t/clean/bench/io_data/extra,"
                + " /t/clean/bench/notes.txt\n");
        assertThat(fs.exists(new org.apache.hadoop.fs.Path("/t/clean/bench"))).isFalse();
        assertThat(fs.exists(sibling)).isTrue();
    }

    @Test
    void baseDirectoryComesFromTestBuildDataAsInHadoop() throws Exception {
        Configuration withBase = new Configuration(conf);
        withBase.set("test.build.data", "/t/from-conf");

        ToolRun write = run(withBase, "-write", "-fileSize", "1MB");

        assertThat(write.status).as(write.err).isZero();
        assertThat(fs.exists(new org.apache.hadoop.fs.Path("/t/from-conf/io_data/test_io_0"))).isTrue();
    }

    @Test
    void baseDirectoryMayBeOnAnotherFileSystem() throws Exception {
        Path local = temp.resolve("local-bench");
        String uri = local.toUri().toString();

        ToolRun write = run("-write", "-nrFiles", "2", "-fileSize", "1MB", "-rootDir", uri);
        ToolRun read = run("-read", "-verify", "-nrFiles", "2", "-fileSize", "1MB", "-rootDir", uri);

        assertThat(write.status).as(write.err).isZero();
        assertThat(local.resolve("io_data").resolve("test_io_1")).hasSize(MIB);
        assertThat(read.status).as(read.err).isZero();
        assertThat(read.out).contains("Data verified: every byte read matched (2 MiB)");
    }

    @Test
    void writeAndReadInTwoProgramsOnTheEmbeddedClusterSeeTheSameFiles() throws Exception {
        Path storage = temp.resolve("embedded");
        Configuration unconfigured = new Configuration();

        ToolRun write = run(unconfigured, "-write", "-nrFiles", "2", "-fileSize", "1MB", "-embeddedDir", storage.toString());
        ToolRun read = run(unconfigured, "-read", "-verify", "-nrFiles", "2", "-fileSize", "1MB", "-embeddedDir",
                storage.toString());

        assertThat(write.status).as(write.err).isZero();
        assertThat(write.err).contains("starting an embedded cluster with storage in " + storage);
        assertThat(read.status).as(read.err).isZero();
        assertThat(read.out).contains("Data verified: every byte read matched (2 MiB)");
    }

    private static double metric(JsonNode result, String id) {
        for (JsonNode metric : result.get("metrics")) {
            if (metric.get("id").asText().equals(id)) {
                return metric.get("value").asDouble();
            }
        }
        throw new AssertionError("no metric " + id);
    }

    /**
     * The cluster's configuration, with {@code replication} for the files a run writes: in a client of its own, since
     * the cached one keeps the replication of the configuration it was made with.
     */
    private static Configuration withReplication(int replication) {
        Configuration own = new Configuration(conf);
        own.setInt("dfs.replication", replication);
        own.setBoolean("fs.hdfs.impl.disable.cache", true);
        return own;
    }

    /** The cluster's DataNodes by transfer address (ip:port), as block locations name them. */
    private static List<String> dataNodes() throws IOException {
        return Stream.of(fs.getDataNodeStats()).map(DatanodeInfo::getXferAddr).sorted().collect(Collectors.toList());
    }

    /** The DataNodes holding each block of the data files of a run in {@code baseDir}, by transfer address. */
    private static List<List<String>> replicas(String baseDir, int files) throws IOException {
        List<List<String>> blocks = new java.util.ArrayList<>();
        for (int i = 0; i < files; i++) {
            FileStatus status = fs.getFileStatus(new org.apache.hadoop.fs.Path(baseDir + "/io_data/test_io_" + i));
            for (BlockLocation block : fs.getFileBlockLocations(status, 0, status.getLen())) {
                blocks.add(List.of(block.getNames()));
            }
        }
        return blocks;
    }

    private static List<String> rootEntries() throws IOException {
        return Stream.of(fs.listStatus(new org.apache.hadoop.fs.Path("/"))).map(status -> status.getPath().getName())
                .sorted().collect(Collectors.toList());
    }

    private static byte[] readAll(org.apache.hadoop.fs.Path file) throws IOException {
        byte[] data = new byte[(int) fs.getFileStatus(file).getLen()];
        try (FSDataInputStream in = fs.open(file)) {
            IOUtils.readFully(in, data, 0, data.length);
        }
        return data;
    }

    private static byte[] expectedBytes(String fileName, long offset, int length) {
        byte[] expected = new byte[length];
        DataPattern.forFile(fileName).fill(offset, expected, 0, length);
        return expected;
    }

    private static String firstLine(String text) {
        return text.lines().findFirst().orElse("");
    }

    private static int runs;

    private static ToolRun run(String... args) throws Exception {
        return run(conf, args);
    }

    /** Runs the tool with its own result file in the temp directory, unless the test names one. */
    private static ToolRun run(Configuration base, String... args) throws Exception {
        String[] withResultFile = List.of(args).contains("-resFile") ? args : Stream.concat(Stream.of(args),
                Stream.of("-resFile", temp.resolve("results-" + ++runs + ".log").toString())).toArray(String[]::new);
        return ToolRun.run(base, TestDfsioTool::new, withResultFile);
    }
}
