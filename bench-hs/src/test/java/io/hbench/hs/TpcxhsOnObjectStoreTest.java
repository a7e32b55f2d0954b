package io.hbench.hs;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.embedded.EmbeddedCluster;
import io.hbench.fs.OwnedDirectory;
import io.hbench.result.BenchResult;
import io.hbench.result.ProgramResult;
import io.hbench.result.json.JsonResultReader;
import io.hbench.testing.ResultSchema;
import io.hbench.testing.StoredObjects;
import io.hbench.testing.ToolRun;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.s3a.S3AUtils;
import org.apache.hadoop.fs.s3native.S3xLoginHelper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TPCx-HS with its data in an object store: the embedded one, S3Proxy (a real S3 API server) reached through S3A,
 * whose jobs commit through the magic committer as a cluster on S3 is set up to. One store for the class; each test
 * works in its own directories. S3Proxy keeps each object as a file under the bucket's directory, so what the jobs
 * wrote is checked there as well as through S3A.
 */
class TpcxhsOnObjectStoreTest {
    private static final String MAGIC = "magic";

    @TempDir
    static Path temp;

    private static EmbeddedCluster store;
    private static Configuration conf;
    private static FileSystem fs;
    /** The bucket as S3Proxy keeps it: one file per object. */
    private static Path bucket;
    /** The store's access and secret key, which no output may show. */
    private static String[] credentials;

    @BeforeAll
    static void startStore() throws IOException {
        store = EmbeddedCluster.start(new Configuration(), temp.resolve("store"), EmbeddedCluster.Storage.S3);
        conf = store.clientConfiguration();
        fs = FileSystem.get(conf);
        bucket = temp.resolve("store/s3/data/hbench");
        // Looked up as S3A looks them up: in the store's credential file, which its configuration names.
        S3xLoginHelper.Login login = S3AUtils.getAWSAccessKeys(store.fileSystemUri(), fs.getConf());
        credentials = new String[] {login.getUser(), login.getPassword()};
        assertThat(credentials).doesNotContain("").doesNotContainNull();
    }

    @AfterAll
    static void stopStore() {
        if (store != null) {
            store.close();
        }
    }

    @Test
    void theChainCommitsThroughTheStoresCommitterKeepsItsChecksumsAndPassesHsValidate() throws Exception {
        HsGenResult gen = new HsGen(conf).run(HsGenOptions.builder(20_000).maps(2).outputDir("/chain/gen").build());
        HsDataCheckResult generated = new HsDataCheck(conf).run(HsDataCheckOptions.builder("/chain/gen")
                .expectedRows(20_000L).build());
        HsSortResult sort = new HsSort(conf).run(HsSortOptions.builder().inputDir("/chain/gen")
                .outputDir("/chain/sorted").reduces(3).build());
        HsDataCheckResult sorted = new HsDataCheck(conf).run(HsDataCheckOptions.builder("/chain/sorted")
                .expectedRows(20_000L).build());
        HsValidateResult validate = new HsValidate(conf).run(HsValidateOptions.builder().inputDir("/chain/sorted")
                .reportDir("/chain/report").build());

        assertThat(List.of(gen.committer(), sort.committer(), validate.committer())).containsOnly(MAGIC);
        assertThat(validate.failures()).isEmpty();
        // S3A says replication 1 of every object: the store keeps its own copies, and HSDataCheck does not count them.
        for (HsDataCheckResult check : List.of(generated, sorted)) {
            assertThat(check.failures()).isEmpty();
            assertThat(check.lowestReplication()).isEmpty();
            assertThat(HsDataCheckTool.lines(check)).contains("HSDataCheck: replication not checked: the file system"
                    + " keeps no replicas to report (an object store, or local files)");
        }
        String checksum = Checksum.format(gen.checksum());
        assertThat(HsClusterTest.checksumOf(fs, "/chain/gen")).isEqualTo(checksum);
        assertThat(HsClusterTest.checksumOf(fs, "/chain/sorted")).isEqualTo(checksum);
        assertThat(Checksum.format(validate.checksum())).isEqualTo(checksum);
        assertThat(GenSummary.read(fs, new org.apache.hadoop.fs.Path("/chain/sorted")).checksum())
                .isEqualTo(gen.checksum());
        // What each job wrote is what the store holds, listed through S3A and as S3Proxy's files.
        Map<String, Long> genParts = partSizes("/chain/gen");
        assertThat(genParts).containsOnlyKeys("part-m-00000", "part-m-00001");
        assertThat(genParts.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(gen.bytes());
        assertThat(partSizesOnDisk("chain/gen")).isEqualTo(genParts);
        Map<String, Long> sortParts = partSizes("/chain/sorted");
        assertThat(List.copyOf(sortParts.values())).isEqualTo(sort.reducerBytes());
        assertThat(sortParts.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(sort.bytes());
        assertThat(partSizesOnDisk("chain/sorted")).isEqualTo(sortParts);
        assertNothingOfTheCommittersLeftIn("chain");
        for (ProgramResult result : List.of(gen, generated, sort, sorted, validate)) {
            assertThat(ResultSchema.assertValid(result.toBenchResult(HsProgramLinesTest.ENVIRONMENT)))
                    .doesNotContain(credentials);
        }
    }

    @Test
    void tpcxhsRecordsTheCommitterShowsNoCredentialAndLeavesNothingOnceItsBaseDirectoryIsRemoved() throws Exception {
        Path json = temp.resolve("tpcxhs.json");

        ToolRun tpcxhs = ToolRun.run(conf, TpcxhsTool::new, "-rows", "10000", "-maps", "2", "-reduces", "2",
                "-baseDir", "/tpcxhs", "-json", json.toString());

        assertThat(tpcxhs.status).as(tpcxhs.out + tpcxhs.err).isZero();
        assertThat(tpcxhs.out).containsPattern(
                "(?m)^TPCx-HS Performance Metric \\(HSph@SF\\): 0\\.0*[1-9][0-9]{2}  \\(test only");
        // The magic committer copies nothing at job commit: no note.
        assertThat(tpcxhs.err).doesNotContain("note:");
        String report = Files.readString(json);
        ResultSchema.assertValid(report);
        BenchResult result = JsonResultReader.read(new StringReader(report));
        assertThat(result.parameters()).containsEntry("committer", MAGIC);
        assertThat(List.of(report, tpcxhs.out, tpcxhs.err)).allSatisfy(text -> assertThat(text)
                .doesNotContain(credentials));
        // Each run emptied the base directory first: the second run's outputs are all that is left.
        assertThat(objects("/tpcxhs")).containsOnlyKeys(".hbench",
                "HSGen/.hbench", "HSGen/_SUCCESS", "HSGen/_hsgen", "HSGen/part-m-00000", "HSGen/part-m-00001",
                "HSSort/.hbench", "HSSort/_SUCCESS", "HSSort/_hsgen", "HSSort/part-r-00000", "HSSort/part-r-00001",
                "HSValidate/.hbench", "HSValidate/_SUCCESS", "HSValidate/part-r-00000");
        assertThat(objectsOnDisk("tpcxhs")).isEqualTo(objects("/tpcxhs"));
        assertThat(partSizes("/tpcxhs/HSGen").values().stream().mapToLong(Long::longValue).sum())
                .isEqualTo(1_000_000);
        assertThat(partSizes("/tpcxhs/HSSort").values().stream().mapToLong(Long::longValue).sum())
                .isEqualTo(1_000_000);
        assertThat(HsClusterTest.checksumOf(fs, "/tpcxhs/HSSort"))
                .isEqualTo(HsClusterTest.checksumOf(fs, "/tpcxhs/HSGen"));
        assertNothingOfTheCommittersLeftIn("tpcxhs");

        // TPCx-HS leaves the second run's data for inspection; its base directory goes as hbench removes its own.
        OwnedDirectory.existing(fs, new org.apache.hadoop.fs.Path("/tpcxhs"), "-baseDir", "run TPCx-HS first")
                .delete();

        assertThat(fs.exists(new org.apache.hadoop.fs.Path("/tpcxhs"))).isFalse();
        assertThat(bucket.resolve("tpcxhs")).doesNotExist();
        // Nor did MapReduce leave anything of its own (its staging directories are in the bucket too): what is left
        // is the other tests'.
        try (Stream<Path> left = Files.list(bucket)) {
            assertThat(left.map(path -> path.getFileName().toString())).isSubsetOf("chain", "classic");
        }
    }

    @Test
    void theClassicCommitterIntoTheStoreIsNotedBeforeTheJobAndRecordedAfterIt() throws Exception {
        Path json = temp.resolve("classic.json");

        ToolRun gen = ToolRun.run(conf, HsGenTool::new, "-D", "fs.s3a.committer.name=file", "-rows", "1000",
                "-maps", "1", "-output", "/classic/gen", "-json", json.toString());

        assertThat(gen.status).as(gen.err).isZero();
        String note = "HSGen: note: s3a://hbench/classic/gen is in an object store, where the classic output"
                + " committer's job commit copies every output object (a rename in an object store is a copy and a"
                + " delete); -D fs.s3a.committer.name=magic or =directory commits without copying\n";
        assertThat(gen.err).containsOnlyOnce(note);
        assertThat(gen.err.indexOf(note)).isLessThan(gen.err.indexOf(": submitted job "));
        assertThat(JsonResultReader.read(new StringReader(Files.readString(json))).parameters())
                .containsEntry("committer", OutputCommitters.CLASSIC);
        assertThat(partSizes("/classic/gen")).containsExactly(Map.entry("part-m-00000", 100_000L));
        assertThat(partSizesOnDisk("classic/gen")).isEqualTo(partSizes("/classic/gen"));
        assertNothingOfTheCommittersLeftIn("classic");
    }

    // ----- helpers -----

    /** No magic or temporary path of a committer under {@code prefix}, through S3A or on disk; no pending upload. */
    private static void assertNothingOfTheCommittersLeftIn(String prefix) throws IOException {
        StoredObjects.assertNothingOfTheCommittersLeftIn(fs, bucket, prefix);
    }

    /** Every object under {@code dir} (its path relative to {@code dir}) and its size, listed through S3A. */
    private static Map<String, Long> objects(String dir) throws IOException {
        return StoredObjects.listed(fs, dir);
    }

    /** Every object under {@code dir} of the bucket and its size, as S3Proxy keeps them on disk. */
    private static Map<String, Long> objectsOnDisk(String dir) throws IOException {
        return StoredObjects.onDisk(bucket.resolve(dir));
    }

    private static Map<String, Long> partSizes(String dir) throws IOException {
        return parts(objects(dir));
    }

    private static Map<String, Long> partSizesOnDisk(String dir) throws IOException {
        return parts(objectsOnDisk(dir));
    }

    private static Map<String, Long> parts(Map<String, Long> objects) {
        return objects.entrySet().stream().filter(entry -> entry.getKey().startsWith("part-"))
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue, (a, b) -> a, TreeMap::new));
    }
}
