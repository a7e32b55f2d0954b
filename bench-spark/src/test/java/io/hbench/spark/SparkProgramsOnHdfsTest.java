package io.hbench.spark;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.datanodes.BlockWrites;
import io.hbench.datanodes.DataNodeBlocks;
import io.hbench.embedded.EmbeddedCluster;
import io.hbench.hs.HsGenOptions;
import io.hbench.hs.HsGenResult;
import io.hbench.hs.HsGenTool;
import io.hbench.hs.HsSortOptions;
import io.hbench.hs.HsSortResult;
import io.hbench.hs.HsValidateOptions;
import io.hbench.hs.HsValidateResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * HSGen, HSSort and HSValidate on Spark in local[2] on an embedded HDFS of 3 DataNodes: their tasks time the blocks
 * they read and write, as MapReduce's tasks do, and each result counts each DataNode's blocks as the NameNode locates
 * them.
 */
@Timeout(120)
class SparkProgramsOnHdfsTest {
    @TempDir
    static Path temp;

    private static EmbeddedCluster cluster;
    private static Configuration conf;
    private static FileSystem fs;
    private static JavaSparkContext spark;

    @BeforeAll
    static void startClusterAndSpark() throws IOException {
        cluster = EmbeddedCluster.start(new Configuration(), temp.resolve("cluster"));
        conf = cluster.clientConfiguration();
        fs = FileSystem.get(conf);
        spark = new JavaSparkContext(new SparkConf().setMaster("local[2]").setAppName("SparkProgramsOnHdfsTest")
                .set("spark.ui.enabled", "false")
                .set("spark.local.dir", temp.resolve("spark").toString()));
    }

    @AfterAll
    static void stopSparkAndCluster() {
        if (spark != null) {
            spark.stop();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void countTheBlocksTheirFilesHaveByDataNode() throws Exception {
        // Blocks of 1 MiB: two files of 1,500,000 bytes have two blocks each.
        Configuration smallBlocks = new Configuration(conf);
        smallBlocks.setLong("dfs.blocksize", 1 << 20);

        HsGenResult gen = new SparkHsGen(spark, smallBlocks).run(HsGenOptions.builder(30_000).maps(2).replication(2)
                .outputDir("/dn/gen").build());

        Map<String, Long> generated = replicasByDataNode("/dn/gen");
        assertThat(generated.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(4 * 2);
        // Every block went through a pipeline of its two replicas, each first on one DataNode.
        assertThat(blocksByDataNode(gen.dataNodeBlocks(), DataNodeBlocks.Role.MEMBER)).isEqualTo(generated);
        assertThat(blocksByDataNode(gen.dataNodeBlocks(), DataNodeBlocks.Role.FIRST).values().stream()
                .mapToLong(Long::longValue).sum()).isEqualTo(4);
        assertThat(gen.dataNodeBlocks().reads()).isEmpty();
        assertThat(HsGenTool.lines(gen)).filteredOn(line -> line.startsWith("HSGen DataNode "))
                .hasSize(gen.dataNodeBlocks().rows().size()).isNotEmpty();
        assertThat(gen.tasks()).hasSize(2);
        assertThat(fs.exists(new org.apache.hadoop.fs.Path("/dn/gen/_hbench-tasks"))).isFalse();

        // HSSort's maps read each generated block once, its reducers write theirs; HSValidate reads what it wrote.
        HsSortResult sort = new SparkHsSort(spark, smallBlocks).run(HsSortOptions.builder().inputDir("/dn/gen")
                .outputDir("/dn/sorted").reduces(2).replication(2).build());
        assertThat(total(blocksByDataNode(sort.dataNodeBlocks(), DataNodeBlocks.Role.SERVER))).isEqualTo(4);
        assertThat(blocksByDataNode(sort.dataNodeBlocks(), DataNodeBlocks.Role.MEMBER))
                .isEqualTo(replicasByDataNode("/dn/sorted"));
        HsValidateResult validate = new SparkHsValidate(spark, smallBlocks).run(HsValidateOptions.builder()
                .inputDir("/dn/sorted").reportDir("/dn/report").build());
        assertThat(validate.failures()).isEmpty();
        assertThat(total(blocksByDataNode(validate.dataNodeBlocks(), DataNodeBlocks.Role.SERVER)))
                .isEqualTo(total(replicasByDataNode("/dn/sorted")) / 2);
        assertThat(validate.dataNodeBlocks().writes()).isEmpty();
    }

    private static long total(Map<String, Long> blocks) {
        return blocks.values().stream().mapToLong(Long::longValue).sum();
    }

    /** Each DataNode, as the NameNode locates the data files' blocks: how many blocks have a replica on it. */
    private static Map<String, Long> replicasByDataNode(String dir) throws IOException {
        Map<String, Long> blocks = new TreeMap<>();
        for (FileStatus file : fs.listStatus(new org.apache.hadoop.fs.Path(dir))) {
            if (file.getPath().getName().startsWith("part-")) {
                for (BlockLocation location : fs.getFileBlockLocations(file, 0, file.getLen())) {
                    BlockWrites.names(location).forEach(dataNode -> blocks.merge(dataNode, 1L, Long::sum));
                }
            }
        }
        return blocks;
    }

    private static Map<String, Long> blocksByDataNode(DataNodeBlocks blocks, DataNodeBlocks.Role role) {
        return blocks.rows().stream().filter(row -> row.role() == role).collect(Collectors.toMap(
                DataNodeBlocks.Row::dataNode, DataNodeBlocks.Row::blocks, Long::sum, TreeMap::new));
    }
}
