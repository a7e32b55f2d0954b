package io.hbench.hs;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.cli.BenchTool;
import io.hbench.datanodes.BlockWrites;
import io.hbench.datanodes.DataNodeBlocks;
import io.hbench.embedded.EmbeddedCluster;
import io.hbench.findings.BlockGroup;
import io.hbench.result.BenchResult;
import io.hbench.result.HostUsage;
import io.hbench.result.Phase;
import io.hbench.result.ResourceUsage;
import io.hbench.result.json.JsonResultReader;
import io.hbench.testing.ResultSchema;
import io.hbench.testing.ToolRun;
import java.io.IOException;
import java.io.PrintStream;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiFunction;
import java.util.stream.Collectors;
import java.util.zip.CRC32;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.examples.terasort.TeraGen;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.io.IOUtils;
import org.apache.hadoop.util.ToolRunner;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The TPCx-HS programs end to end on one shared in-process HDFS (3 DataNodes) with the local
 * MapReduce runner. Each test works in its own directories. Row counts are small: the point is
 * behaviour, not speed.
 */
class HsClusterTest {
    @TempDir
    static Path temp;

    private static EmbeddedCluster cluster;
    private static Configuration conf;
    private static FileSystem fs;

    @BeforeAll
    static void startCluster() throws IOException {
        cluster = EmbeddedCluster.start(new Configuration(), temp.resolve("cluster"));
        conf = cluster.clientConfiguration();
        fs = FileSystem.get(conf);
    }

    @AfterAll
    static void stopCluster() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void hsGenWritesTheSameBytesAsTeraGen() throws Exception {
        Configuration teraConf = new Configuration(conf);
        teraConf.setInt("mapreduce.job.maps", 2);
        int teraStatus = ToolRunner.run(teraConf, new TeraGen(), new String[] {"10000", "/tera/gen"});
        assertThat(teraStatus).isZero();

        ToolRun gen = run(HsGenTool::new, "-rows", "10000", "-maps", "2", "-output", "/hs/gen");

        assertThat(gen.status).as(gen.err).isZero();
        // The local runner gives TeraGen one map whatever mapreduce.job.maps says, so it steps
        // through all 10,000 rows while HSGen's second map jumps straight to row 5,000.
        assertThat(dataFiles("/tera/gen")).containsExactly("part-m-00000");
        assertThat(dataFiles("/hs/gen")).containsExactly("part-m-00000", "part-m-00001");
        byte[] tera = readAll("/tera/gen/part-m-00000");
        byte[] first = readAll("/hs/gen/part-m-00000");
        byte[] second = readAll("/hs/gen/part-m-00001");
        assertThat(tera).hasSize(1_000_000);
        assertThat(first).isEqualTo(java.util.Arrays.copyOfRange(tera, 0, 500_000));
        assertThat(second).isEqualTo(java.util.Arrays.copyOfRange(tera, 500_000, 1_000_000));
        String checksum = checksumOf("/tera/gen");
        assertThat(gen.out).contains("HSGen: generated 10000 rows (1000000 bytes) in 2 maps to /hs/gen",
                "checksum\t" + checksum);
        GenSummary summary = GenSummary.read(fs, new org.apache.hadoop.fs.Path("/hs/gen"));
        assertThat(summary.rows()).isEqualTo(10_000);
        assertThat(Checksum.format(summary.checksum())).isEqualTo(checksum);
        for (FileStatus status : fs.listStatus(new org.apache.hadoop.fs.Path("/hs/gen"))) {
            if (status.getPath().getName().startsWith("part-")) {
                assertThat(status.getReplication()).isEqualTo((short) 3);
            }
        }
    }

    @Test
    void partFileIHoldsTheIthRowRangeForUnevenRowAndMapCounts() throws Exception {
        // TeraGen's row i depends on i alone, and the local runner gives it one map: its file is the reference.
        assertThat(ToolRunner.run(new Configuration(conf), new TeraGen(), new String[] {"1000", "/tera/order"}))
                .isZero();
        byte[] tera = readAll("/tera/order/part-m-00000");
        // Range lengths: 334 333 333; 167 167 166 167 167 166; 3 2 3 2.
        int[][] rowsAndMaps = {{1000, 3}, {1000, 6}, {10, 4}};
        for (int[] counts : rowsAndMaps) {
            String output = "/order/gen-" + counts[0] + "-" + counts[1];
            ToolRun gen = run(HsGenTool::new, "-rows", Integer.toString(counts[0]), "-maps", Integer.toString(counts[1]),
                    "-output", output);
            assertThat(gen.status).as(gen.err).isZero();

            java.io.ByteArrayOutputStream concatenated = new java.io.ByteArrayOutputStream();
            for (String file : dataFiles(output)) {
                concatenated.write(readAll(output + "/" + file));
            }
            assertThat(dataFiles(output)).hasSize(counts[1]);
            assertThat(concatenated.toByteArray()).as("%d rows in %d maps", counts[0], counts[1])
                    .isEqualTo(java.util.Arrays.copyOfRange(tera, 0, counts[0] * Records.RECORD_LENGTH));
        }
    }

    @Test
    void everyTaskOfHsGenAndHsSortCarriesItsOwnStartAndRunTime() throws Exception {
        HsGenResult gen = new HsGen(conf).run(HsGenOptions.builder(3000).maps(3).outputDir("/tasks/gen").build());
        HsSortResult sort = new HsSort(conf).run(HsSortOptions.builder().inputDir("/tasks/gen")
                .outputDir("/tasks/sorted").reduces(2).build());

        assertThat(gen.tasks()).extracting(io.hbench.result.TaskSample::id)
                .allMatch(id -> id.contains("_m_")).doesNotHaveDuplicates().hasSize(3);
        assertThat(sort.tasks()).extracting(io.hbench.result.TaskSample::id)
                .filteredOn(id -> id.contains("_r_")).hasSize(2);
        for (io.hbench.result.TaskSample task : gen.tasks()) {
            assertThat(task.start()).as(task.toString()).isAfterOrEqualTo(gen.start());
            assertThat(task.end()).as(task.toString()).isBeforeOrEqualTo(gen.end());
            assertThat(task.metrics()).singleElement().satisfies(time -> assertThat(time.value())
                    .isEqualTo(task.duration().toNanos() / 1e9));
        }
        assertThat(gen.toBenchResult(HsProgramLinesTest.ENVIRONMENT).taskSamples()).isEqualTo(gen.tasks());
        // The tasks' files are read and gone: the outputs hold only what they held before.
        assertThat(fs.exists(new org.apache.hadoop.fs.Path("/tasks/gen/_hbench-tasks"))).isFalse();
        assertThat(fs.exists(new org.apache.hadoop.fs.Path("/tasks/sorted/_hbench-tasks"))).isFalse();
    }

    @Test
    void everyPhaseOnHdfsCountsTheBlocksItsFilesHaveByDataNode() throws Exception {
        // Blocks of 1 MiB: HSGen's two files of 1,500,000 bytes have two blocks each.
        Configuration smallBlocks = new Configuration(conf);
        smallBlocks.setLong("dfs.blocksize", 1 << 20);

        HsGenResult gen = new HsGen(smallBlocks).run(HsGenOptions.builder(30_000).maps(2).replication(2)
                .outputDir("/dn/gen").build());
        HsSortResult sort = new HsSort(smallBlocks).run(HsSortOptions.builder().inputDir("/dn/gen")
                .outputDir("/dn/sorted").reduces(2).replication(1).build());
        HsValidateResult validate = new HsValidate(smallBlocks).run(HsValidateOptions.builder().inputDir("/dn/sorted")
                .reportDir("/dn/report").build());

        // Each DataNode, as the NameNode locates the files' blocks: how many blocks have a replica on it.
        Map<String, Long> generated = replicasByDataNode("/dn/gen");
        Map<String, Long> sorted = replicasByDataNode("/dn/sorted");
        assertThat(generated.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(4 * 2);
        long sortedBlocks = sorted.values().stream().mapToLong(Long::longValue).sum();
        assertThat(sortedBlocks).isGreaterThanOrEqualTo(3);
        // HSGen's maps wrote every block through a pipeline of its two replicas, each block first on one DataNode.
        assertThat(blocksByDataNode(gen.dataNodeBlocks(), DataNodeBlocks.Role.MEMBER)).isEqualTo(generated);
        assertThat(sum(blocksByDataNode(gen.dataNodeBlocks(), DataNodeBlocks.Role.FIRST))).isEqualTo(4);
        assertThat(gen.dataNodeBlocks().reads()).isEmpty();
        // HSSort's maps, one per block, read each generated block from one of its two DataNodes, a map reading on into
        // the next block for the record across the boundary counting it not; its reducers wrote one replica each.
        assertThat(sort.maps()).isEqualTo(4);
        Map<String, Long> sortServed = blocksByDataNode(sort.dataNodeBlocks(), DataNodeBlocks.Role.SERVER);
        assertThat(sum(sortServed)).isEqualTo(4);
        sortServed.forEach((dataNode, blocks) -> assertThat(blocks).as(dataNode)
                .isLessThanOrEqualTo(generated.get(dataNode)));
        assertThat(blocksByDataNode(sort.dataNodeBlocks(), DataNodeBlocks.Role.FIRST)).isEqualTo(sorted);
        assertThat(blocksByDataNode(sort.dataNodeBlocks(), DataNodeBlocks.Role.MEMBER)).isEqualTo(sorted);
        // HSValidate's maps read each sorted block from its one replica.
        assertThat(blocksByDataNode(validate.dataNodeBlocks(), DataNodeBlocks.Role.SERVER)).isEqualTo(sorted);
        assertThat(validate.dataNodeBlocks().writes()).isEmpty();
        assertThat(validate.dataNodeBlocks().reads().stream().mapToLong(BlockGroup::bytes).sum())
                .isEqualTo(30_000 * 100);
        // The lines, the result's distributions and metrics, and no task files left behind.
        assertThat(HsGenTool.lines(gen)).filteredOn(line -> line.startsWith("HSGen DataNode "))
                .hasSize(gen.dataNodeBlocks().rows().size());
        assertThat(HsValidateTool.lines(validate)).last().isEqualTo("HSValidate: PASSED");
        BenchResult result = sort.toBenchResult(HsProgramLinesTest.ENVIRONMENT);
        assertThat(result.distributions()).filteredOn(d -> d.key().id().equals("block_throughput"))
                .hasSize(sort.dataNodeBlocks().rows().size());
        assertThat(result.metrics()).filteredOn(m -> m.key().id().equals("datanode_bytes"))
                .hasSize(sort.dataNodeBlocks().rows().size());
        assertThat(fs.exists(new org.apache.hadoop.fs.Path("/dn/sorted/_hbench-tasks"))).isFalse();
    }

    @Test
    void hsValidatePassesSortedDataAndPrintsTeraValidatesChecksumLine() throws Exception {
        String checksum = writeSortedData("/v/ok", 3000, 3);

        ToolRun validate = run(HsValidateTool::new, "-input", "/v/ok", "-report", "/v/ok-report");

        assertThat(validate.status).as(validate.err).isZero();
        assertThat(validate.out).startsWith("checksum\t" + checksum + "\n").contains(
                "HSValidate: 3000 rows in 3 files; record count matches; checksum matches HSGen's",
                "HSValidate: PASSED");
        assertThat(readAll("/v/ok-report/part-r-00000")).asString().contains("checksum\t" + checksum);
    }

    @Test
    void hsValidateFailsOnACorruptedRecordAndSaysTheChecksumDiffers() throws Exception {
        writeSortedData("/v/corrupt", 3000, 3);
        byte[] data = readAll("/v/corrupt/part-r-00001");
        data[100 * 500 + 50] ^= 0x01;
        writeAll("/v/corrupt/part-r-00001", data);

        ToolRun validate = run(HsValidateTool::new, "-input", "/v/corrupt", "-report", "/v/corrupt-report");

        assertThat(validate.status).isEqualTo(1);
        assertThat(validate.out).containsPattern("(?m)^error\tchecksum [0-9a-f]+ is not HSGen's [0-9a-f]+: records"
                + " were changed, lost or duplicated$").contains("HSValidate: FAILED");
        assertThat(validate.err).contains("HSValidate: /v/corrupt is NOT valid: 1 error; first: checksum ");
    }

    @Test
    void hsValidateFailsOnAReorderedRecordAndSaysWhere() throws Exception {
        writeSortedData("/v/reorder", 3000, 3);
        byte[] data = readAll("/v/reorder/part-r-00002");
        byte[] record = java.util.Arrays.copyOfRange(data, 100 * 10, 100 * 11);
        System.arraycopy(data, 100 * 11, data, 100 * 10, 100);
        System.arraycopy(record, 0, data, 100 * 11, 100);
        writeAll("/v/reorder/part-r-00002", data);

        ToolRun validate = run(HsValidateTool::new, "-input", "/v/reorder", "-report", "/v/reorder-report");

        assertThat(validate.status).isEqualTo(1);
        // Record 10 now holds the larger key of the pair, record 11 the smaller.
        String misorder = "error\tmisorder in part-r-00002 between " + Records.hex(data, 100 * 10, 10) + " and "
                + Records.hex(record, 0, 10) + " (records 10 and 11, counted from 0)";
        assertThat(validate.out).contains(misorder + "\n").doesNotContain("error\tchecksum");
        assertThat(validate.err).contains("HSValidate: /v/reorder is NOT valid: 1 error; first: misorder in part-r-00002");
    }

    @Test
    void hsValidateFailsWhenFilesAreOutOfOrderAcrossTheirBoundary() throws Exception {
        writeSortedData("/v/across", 3000, 3);
        byte[] first = readAll("/v/across/part-r-00000");
        byte[] last = readAll("/v/across/part-r-00002");
        writeAll("/v/across/part-r-00000", last);
        writeAll("/v/across/part-r-00002", first);

        ToolRun validate = run(HsValidateTool::new, "-input", "/v/across", "-report", "/v/across-report");

        assertThat(validate.status).isEqualTo(1);
        assertThat(validate.out).contains("error\tmisorder between part-r-00000 and part-r-00001: last key "
                + Records.hex(last, last.length - 100, 10) + " is above first key ");
    }

    @Test
    void hsValidateRefusesAReportDirectoryHbenchDidNotMakeAndDeletesNothing() throws Exception {
        writeSortedData("/v/foreign", 1000, 1);
        writeAll("/v/foreign-report/precious", new byte[] {1});

        ToolRun validate = run(HsValidateTool::new, "-input", "/v/foreign", "-report", "/v/foreign-report");

        assertThat(validate.status).isEqualTo(2);
        assertThat(validate.err).startsWith("HSValidate: -report ").contains("holds data hbench did not create");
        assertThat(readAll("/v/foreign-report/precious")).containsExactly(1);
    }

    @Test
    void hsSortProducesATotalOrderThatHsValidatePasses() throws Exception {
        ToolRun gen = run(HsGenTool::new, "-rows", "6000", "-maps", "3", "-output", "/s/gen");
        assertThat(gen.status).as(gen.err).isZero();

        ToolRun sort = run(HsSortTool::new, "-input", "/s/gen", "-output", "/s/sorted", "-reduces", "3");
        ToolRun validate = run(HsValidateTool::new, "-input", "/s/sorted", "-report", "/s/report");

        assertThat(sort.status).as(sort.err).isZero();
        assertThat(sort.out).contains("HSSort: sorted 6000 rows (600000 bytes) from /s/gen to /s/sorted with 3 maps"
                + " and 3 reducers", "HSSort reducer input bytes: largest ");
        assertThat(dataFiles("/s/sorted")).containsExactly("part-r-00000", "part-r-00001", "part-r-00002");
        for (FileStatus status : fs.listStatus(new org.apache.hadoop.fs.Path("/s/sorted"))) {
            if (status.getPath().getName().startsWith("part-")) {
                assertThat(status.getReplication()).isEqualTo((short) 3);
                assertThat(status.getLen()).isPositive();
            }
        }
        assertThat(validate.status).as(validate.out + validate.err).isZero();
        assertThat(validate.out).contains("checksum\t" + checksumOf("/s/gen"), "record count matches",
                "checksum matches HSGen's", "HSValidate: PASSED");
    }

    @Test
    void programsTakeTheirDirectoriesAsPositionalArgumentsAsTeraGenAndTeraSortDo() throws Exception {
        ToolRun gen = run(HsGenTool::new, "-maps", "2", "1k", "/p/gen");
        ToolRun check = run(HsDataCheckTool::new, "/p/gen");
        ToolRun sort = run(HsSortTool::new, "-reduces", "2", "/p/gen", "/p/sorted");
        ToolRun validate = run(HsValidateTool::new, "/p/sorted", "/p/report");

        assertThat(gen.status).as(gen.err).isZero();
        assertThat(gen.out).contains("HSGen: generated 1000 rows (100000 bytes) in 2 maps to /p/gen");
        assertThat(check.status).as(check.err).isZero();
        assertThat(sort.status).as(sort.err).isZero();
        assertThat(validate.status).as(validate.out + validate.err).isZero();
        assertThat(validate.out).contains("record count matches", "checksum matches HSGen's", "HSValidate: PASSED");
    }

    @Test
    void balancedSamplerKeepsReducersEvenUnderSkewedKeysWhereTheClassicOneDoesNot() throws Exception {
        ToolRun gen = run(HsGenTool::new, "-rows", "8000", "-maps", "2", "-skew", "-output", "/k/gen");
        assertThat(gen.status).as(gen.err).isZero();

        ToolRun classic = run(HsSortTool::new, "-input", "/k/gen", "-output", "/k/classic", "-reduces", "16",
                "-sampler", "classic");
        ToolRun balanced = run(HsSortTool::new, "-input", "/k/gen", "-output", "/k/balanced", "-reduces", "16",
                "-json", temp.resolve("sort.json").toString());

        assertThat(classic.status).as(classic.err).isZero();
        assertThat(balanced.status).as(balanced.err).isZero();
        long[] classicSizes = partSizes("/k/classic");
        long[] balancedSizes = partSizes("/k/balanced");
        // Four hot keys hold 12.5% of the records each, two reducers' worth: the classic partitioner
        // sends each to one reducer, the balanced one shares it.
        long average = 8000 * 100 / 16;
        assertThat(max(classicSizes)).as(java.util.Arrays.toString(classicSizes)).isGreaterThanOrEqualTo(2 * average);
        assertThat(max(balancedSizes)).as(java.util.Arrays.toString(balancedSizes)).isLessThan(average * 3 / 2);
        assertThat(balanced.out).contains("HSSort reducer input bytes: largest " + max(balancedSizes) + ", smallest "
                + min(balancedSizes) + " (balanced sampler)");
        assertThat(classic.out).contains("HSSort reducer input bytes: largest " + max(classicSizes));
        for (String dir : List.of("/k/classic", "/k/balanced")) {
            ToolRun validate = run(HsValidateTool::new, "-input", dir, "-report", dir + "-report");
            assertThat(validate.status).as(dir + ": " + validate.out).isZero();
        }
        String sortJson = java.nio.file.Files.readString(temp.resolve("sort.json"));
        ResultSchema.assertValid(sortJson);
        assertThat(sortJson).contains("\"largest_reducer_input\"", "\"primaryMetric\" : \"total_time\"");
    }

    @Test
    void hsGenRefusesAnOutputDirectoryHbenchDidNotMakeAndDeletesNothing() throws Exception {
        writeAll("/foreign/gen/data.txt", new byte[] {42});

        ToolRun gen = run(HsGenTool::new, "-rows", "100", "-output", "/foreign/gen");

        assertThat(gen.status).isEqualTo(2);
        assertThat(gen.err).startsWith("HSGen: -output ").contains("/foreign/gen holds data hbench did not create");
        assertThat(readAll("/foreign/gen/data.txt")).containsExactly(42);
    }

    @Test
    void hsDataCheckChecksCountSizeAndReplicationAndMarksALowerReplicationNotCompliant() throws Exception {
        assertThat(run(HsGenTool::new, "-rows", "2000", "-maps", "2", "-output", "/d/gen").status).isZero();

        ToolRun check = run(HsDataCheckTool::new, "-dir", "/d/gen");
        ToolRun tooMany = run(HsDataCheckTool::new, "-dir", "/d/gen", "-rows", "2001");
        ToolRun lenient = run(HsDataCheckTool::new, "-dir", "/d/gen", "-replication", "2");

        assertThat(check.status).as(check.err).isZero();
        assertThat(check.out).contains("HSDataCheck: /d/gen: 2 files, 200000 bytes, 2000 records",
                "HSDataCheck: record count matches the 2000 expected",
                "HSDataCheck: replication at least 3 required, lowest found 3\n", "HSDataCheck: PASSED");
        assertThat(tooMany.status).isEqualTo(1);
        assertThat(tooMany.out).contains("HSDataCheck: FAILURE: record count 2000 (200000 bytes) is not the 2001"
                + " expected (200100 bytes)");
        assertThat(lenient.status).isZero();
        assertThat(lenient.out).contains("lowest found 3; NOT COMPLIANT: TPCx-HS requires 3");
    }

    @Test
    void hsDataCheckFailsOnATornRecordAndLowReplication() throws Exception {
        writeAll("/d/torn/part-m-00000", new byte[250]);
        fs.setReplication(new org.apache.hadoop.fs.Path("/d/torn/part-m-00000"), (short) 2);

        ToolRun check = run(HsDataCheckTool::new, "-dir", "/d/torn");

        assertThat(check.status).isEqualTo(1);
        assertThat(check.out).contains("HSDataCheck: FAILURE: part-m-00000 is 250 bytes, not a whole number of 100-byte"
                + " records", "HSDataCheck: FAILURE: part-m-00000 has replication 2, below 3");
        assertThat(check.err).contains("HSDataCheck: /d/torn FAILED: part-m-00000 is 250 bytes");
    }

    @Test
    void tpcxhsRunsBothRunsAndReportsTheMetric() throws Exception {
        Path json = temp.resolve("tpcxhs.json");

        ToolRun tpcxhs = run(TpcxhsTool::new, "-rows", "2000", "-maps", "2", "-reduces", "2", "-baseDir", "/tpcxhs",
                "-price", "1000", "-json", json.toString());

        assertThat(tpcxhs.status).as(tpcxhs.out + tpcxhs.err).isZero();
        assertThat(tpcxhs.out).startsWith(TpcxhsReport.RULE + "\nTPCx-HS Performance Metric (HSph@SF) Report\n")
                .containsPattern("(?m)^Test Run 1 details: Total Time = [0-9]+\\.[0-9]{3} s$")
                .containsPattern("(?m)^Test Run 2 details: Total Time = [0-9]+\\.[0-9]{3} s$")
                .contains("                    Total Size = 200000 bytes (2000 records)",
                        "                    Scale-Factor = 0.0000002 (test only, not a valid scale factor)")
                .containsPattern("(?m)^Performance Run: Run [12]; Repeatability Run: Run [12]$")
                // 2,000 rows in seconds: HSph@SF is well below 1, printed to three significant digits.
                .containsPattern("(?m)^TPCx-HS Performance Metric \\(HSph@SF\\): 0\\.0*[1-9][0-9]{2}  \\(test only")
                .containsPattern("(?m)^Price-Performance Metric \\(\\$/HSph@SF\\): [0-9]+\\.[0-9]{2}$")
                .containsPattern("(?m)^2    HSDataCheck \\(sorted\\) +[0-9]+\\.[0-9]+ +-  ok$")
                .containsPattern("(?m)^1    HSValidate +[0-9]+\\.[0-9]{3} +[0-9.]+  ok$");
        assertThat(tpcxhs.err).contains("TPCx-HS: Run 2 of 2, phase 5 of 5: HSValidate ...")
                .containsPattern("(?m)^TPCx-HS: Run 2, HSValidate done in [0-9]+\\.[0-9]{3} s$");
        String report = java.nio.file.Files.readString(json);
        ResultSchema.assertValid(report);
        assertThat(report).contains("\"id\" : \"hsph_at_sf\"", "\"phase\" : \"HSSort\"", "\"id\" : \"performance_run\"",
                "\"committer\" : \"file\"");
        // HDFS renames in place: no note about the classic committer's copies.
        assertThat(tpcxhs.err).doesNotContain("note:");
        // HSGen, HSSort and HSValidate in each of the two runs, as announced on stderr.
        com.fasterxml.jackson.databind.JsonNode jobs = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(report).get("jobs");
        assertThat(jobs).hasSize(6);
        for (com.fasterxml.jackson.databind.JsonNode job : jobs) {
            assertThat(tpcxhs.err).contains(": submitted job " + job.get("id").asText());
        }
        assertThat(dataFiles("/tpcxhs/HSSort")).containsExactly("part-r-00000", "part-r-00001");
        // One series per host over all six jobs, each job a phase on the charts.
        BenchResult result = JsonResultReader.read(new java.io.StringReader(report));
        ResourceUsage resources = result.resources().orElseThrow();
        assertThat(resources.phases()).extracting(Phase::name).containsExactly("HSGen", "HSSort", "HSValidate",
                "HSGen", "HSSort", "HSValidate");
        assertThat(resources.hosts()).extracting(HostUsage::host).containsExactlyElementsOf(result.taskHosts().keySet());
        assertThat(resources.coverage()).isEqualTo(ResourceUsage.Coverage.RUN);
        assertThat(tpcxhs.out).contains("----- Resource utilization: means over the whole run on every DataNode and"
                + " NodeManager host, sampled every 1 s -----");
        // The DataNode table over every phase of both runs: HSGen's and HSSort's writes, HSSort's and HSValidate's
        // reads. Both runs write the same data, so each wrote as many blocks as the second one's files have.
        assertThat(tpcxhs.out).containsPattern("(?m)^TPCx-HS DataNode [^ ]+ as first: ")
                .containsPattern("(?m)^TPCx-HS DataNode [^ ]+ as server: ");
        long firstBlocks = result.distributions().stream().filter(d -> d.key().id().equals("block_throughput")
                && "first".equals(d.key().labels().get("role"))).mapToLong(d -> d.count()).sum();
        assertThat(firstBlocks).isEqualTo(2 * (fileBlocks("/tpcxhs/HSGen") + fileBlocks("/tpcxhs/HSSort")));
    }

    @Test
    void tpcxhsSaysWhichPhaseFailedAndGivesNoMetric() throws Exception {
        Configuration broken = new Configuration(conf);
        // HSGen has no sort buffer to size; HSSort's maps refuse this one.
        broken.setInt("mapreduce.task.io.sort.mb", 0);

        ToolRun tpcxhs = ToolRun.run(broken, TpcxhsTool::new, "-rows", "1000", "-maps", "1", "-baseDir", "/tpcxhs-broken");

        assertThat(tpcxhs.status).isEqualTo(1);
        assertThat(tpcxhs.out).contains("                    FAILED in HSSort",
                "TPCx-HS Performance Metric (HSph@SF): none: Run 1 failed in HSSort: ")
                .doesNotContain("Test Run 2");
        assertThat(tpcxhs.err).containsPattern("TPCx-HS: no metric: Run 1 failed in HSSort: HSSort failed: task"
                + " attempt_local\\d+_\\d+_m_000000_0: Initialization of all the collectors failed\\. Error in last"
                + " collector was:/ by zero\n");
    }

    @Test
    void tpcxhsRefusesABaseDirectoryHbenchDidNotMake() throws Exception {
        writeAll("/tpcxhs-foreign/keep", new byte[] {7});

        ToolRun tpcxhs = run(TpcxhsTool::new, "-rows", "1000", "-baseDir", "/tpcxhs-foreign");

        assertThat(tpcxhs.status).isEqualTo(2);
        assertThat(tpcxhs.err).startsWith("TPCx-HS: -baseDir ").contains("holds data hbench did not create");
        assertThat(readAll("/tpcxhs-foreign/keep")).containsExactly(7);
    }

    // ----- helpers -----

    /** Of every data file in {@code dir}, how many blocks have a replica on each DataNode. */
    static Map<String, Long> replicasByDataNode(String dir) throws IOException {
        Map<String, Long> blocks = new TreeMap<>();
        for (FileStatus file : HsDirs.dataFiles(fs, new org.apache.hadoop.fs.Path(dir), "dir")) {
            for (BlockLocation location : fs.getFileBlockLocations(file, 0, file.getLen())) {
                BlockWrites.names(location).forEach(dataNode -> blocks.merge(dataNode, 1L, Long::sum));
            }
        }
        return blocks;
    }

    /** How many blocks the data files in {@code dir} have. */
    static long fileBlocks(String dir) throws IOException {
        long blocks = 0;
        for (FileStatus file : HsDirs.dataFiles(fs, new org.apache.hadoop.fs.Path(dir), "dir")) {
            blocks += fs.getFileBlockLocations(file, 0, file.getLen()).length;
        }
        return blocks;
    }

    /** The blocks of each DataNode in {@code role}. */
    static Map<String, Long> blocksByDataNode(DataNodeBlocks blocks, DataNodeBlocks.Role role) {
        return blocks.rows().stream().filter(row -> row.role() == role).collect(Collectors.toMap(
                DataNodeBlocks.Row::dataNode, DataNodeBlocks.Row::blocks, Long::sum, TreeMap::new));
    }

    static long sum(Map<String, Long> counts) {
        return counts.values().stream().mapToLong(Long::longValue).sum();
    }

    static long[] partSizes(String dir) throws IOException {
        return HsDirs.dataFiles(fs, new org.apache.hadoop.fs.Path(dir), "dir").stream().mapToLong(FileStatus::getLen)
                .toArray();
    }

    static long max(long[] values) {
        return java.util.Arrays.stream(values).max().orElse(0);
    }

    static long min(long[] values) {
        return java.util.Arrays.stream(values).min().orElse(0);
    }

    /**
     * Writes {@code rows} generated records, sorted, into {@code files} files of an hbench
     * directory with HSGen's summary, as HSSort leaves them; returns the checksum.
     */
    static String writeSortedData(String dir, int rows, int files) throws IOException {
        byte[][] records = new byte[rows][];
        RecordGenerator generator = new RecordGenerator(0, KeySkew.NONE);
        Checksum checksum = new Checksum();
        for (int i = 0; i < rows; i++) {
            records[i] = new byte[100];
            checksum.add(generator.next(records[i]));
        }
        java.util.Arrays.sort(records, (a, b) -> Records.compare(a, 0, 10, b, 0, 10));
        HsDirs.claimEmpty(fs, new org.apache.hadoop.fs.Path(dir), "dir");
        int perFile = rows / files;
        for (int f = 0; f < files; f++) {
            byte[] data = new byte[perFile * 100];
            for (int i = 0; i < perFile; i++) {
                System.arraycopy(records[f * perFile + i], 0, data, i * 100, 100);
            }
            writeAll(String.format("%s/part-r-%05d", dir, f), data);
        }
        new GenSummary(rows, checksum.value(), KeySkew.NONE).write(fs, new org.apache.hadoop.fs.Path(dir));
        return Checksum.format(checksum.value());
    }

    static List<String> dataFiles(String dir) throws IOException {
        return HsDirs.dataFiles(fs, new org.apache.hadoop.fs.Path(dir), "dir").stream()
                .map(status -> status.getPath().getName()).collect(Collectors.toList());
    }

    static byte[] readAll(String file) throws IOException {
        org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path(file);
        byte[] data = new byte[(int) fs.getFileStatus(path).getLen()];
        try (FSDataInputStream in = fs.open(path)) {
            IOUtils.readFully(in, data, 0, data.length);
        }
        return data;
    }

    static void writeAll(String file, byte[] data) throws IOException {
        try (FSDataOutputStream out = fs.create(new org.apache.hadoop.fs.Path(file), true)) {
            out.write(data);
        }
    }

    static String checksumOf(String dir) throws IOException {
        return checksumOf(fs, dir);
    }

    /** The sum of the CRC32 of every record in the data files of {@code dir} on {@code fileSystem}, in hex. */
    static String checksumOf(FileSystem fileSystem, String dir) throws IOException {
        BigInteger sum = BigInteger.ZERO;
        CRC32 crc = new CRC32();
        for (FileStatus file : HsDirs.dataFiles(fileSystem, new org.apache.hadoop.fs.Path(dir), "dir")) {
            byte[] data;
            try (FSDataInputStream in = fileSystem.open(file.getPath())) {
                data = in.readAllBytes();
            }
            for (int at = 0; at < data.length; at += Records.RECORD_LENGTH) {
                crc.reset();
                crc.update(data, at, Records.RECORD_LENGTH);
                sum = sum.add(BigInteger.valueOf(crc.getValue()));
            }
        }
        return sum.toString(16);
    }

    static ToolRun run(BiFunction<PrintStream, PrintStream, ? extends BenchTool<?>> factory, String... args)
            throws Exception {
        return ToolRun.run(conf, factory, args);
    }
}
