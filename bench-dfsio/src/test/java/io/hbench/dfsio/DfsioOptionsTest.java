package io.hbench.dfsio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbench.error.InvalidOptionException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

class DfsioOptionsTest {

    @Test
    void defaultsAreHadoopTestDfsios() {
        DfsioOptions options = DfsioOptions.builder(DfsioOperation.WRITE).build();

        // Hadoop's TestDFSIO: nrFiles = 1, nrBytes = 1 MB (2^20), DEFAULT_BUFFER_SIZE = 1000000,
        // test.build.data defaults to /benchmarks/TestDFSIO.
        assertThat(options.nrFiles()).isEqualTo(1);
        assertThat(options.fileSize()).isEqualTo(1_048_576L);
        assertThat(options.bufferSize()).isEqualTo(1_000_000);
        assertThat(options.baseDir()).isEqualTo("/benchmarks/TestDFSIO");
        assertThat(options.skipSize()).isZero();
        assertThat(options.compressionCodec()).isEmpty();
        assertThat(options.storagePolicy()).isEmpty();
        assertThat(options.erasureCodePolicy()).isEmpty();
        assertThat(options.verify()).isFalse();
        assertThat(options.sequential()).isFalse();
        assertThat(options.dataNodes()).isEmpty();
        assertThat(options.dropBehind()).isFalse();
        assertThat(options.readFrom()).isEmpty();
    }

    @Test
    void namesFilesAsTestDfsioDoes() {
        assertThat(DfsioOptions.fileName(0)).isEqualTo("test_io_0");
        assertThat(DfsioOptions.fileName(17)).isEqualTo("test_io_17");
    }

    @Test
    void rejectsZeroFiles() {
        assertThatThrownBy(() -> DfsioOptions.builder(DfsioOperation.WRITE).nrFiles(0).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("nrFiles must be from 1 to 1048576, got 0");
    }

    @Test
    void rejectsMoreFilesThanAnHdfsDirectoryHolds() {
        assertThatThrownBy(() -> DfsioOptions.builder(DfsioOperation.WRITE).nrFiles(1_048_577).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("nrFiles must be from 1 to 1048576, got 1048577");
    }

    @Test
    void acceptsAsManyFilesAsAnHdfsDirectoryHolds() {
        assertThat(DfsioOptions.builder(DfsioOperation.WRITE).nrFiles(1_048_576).build().nrFiles())
                .isEqualTo(1_048_576);
    }

    @Test
    void rejectsEmptyFilesForWrite() {
        assertThatThrownBy(() -> DfsioOptions.builder(DfsioOperation.WRITE).fileSize(0).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("fileSize must be at least 1 byte, got 0");
    }

    @Test
    void allowsTruncatingToZeroButNotBelow() {
        assertThat(DfsioOptions.builder(DfsioOperation.TRUNCATE).fileSize(0).build().fileSize()).isZero();
        assertThatThrownBy(() -> DfsioOptions.builder(DfsioOperation.TRUNCATE).fileSize(-1).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("fileSize must be 0 or more, got -1");
    }

    @Test
    void rejectsZeroBufferSize() {
        assertThatThrownBy(() -> DfsioOptions.builder(DfsioOperation.WRITE).bufferSize(0).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("bufferSize must be from 1 to 1073741824 bytes, got 0");
    }

    @Test
    void aBaseDirectoryNotGivenIsTheClustersTestBuildDataOnceResolved() {
        Configuration cluster = new Configuration(false);
        cluster.set(DfsioOptions.BASE_DIR_KEY, "/data/bench");
        DfsioOptions leftToCluster = DfsioOptions.builder(DfsioOperation.WRITE).build();

        assertThat(leftToCluster.baseDir()).isEqualTo(DfsioOptions.DEFAULT_BASE_DIR);
        assertThat(leftToCluster.resolve(cluster).baseDir()).isEqualTo("/data/bench");
        assertThat(leftToCluster.resolve(new Configuration(false)).baseDir()).isEqualTo(DfsioOptions.DEFAULT_BASE_DIR);
        DfsioOptions given = DfsioOptions.builder(DfsioOperation.WRITE).baseDir("/elsewhere").build();
        assertThatThrownBy(() -> given.resolve(cluster)).isInstanceOf(InvalidOptionException.class)
                .hasMessage("baseDir /elsewhere and test.build.data=/data/bench name different base directories: give"
                        + " one");
    }

    @Test
    void rejectsBlankBaseDirectory() {
        assertThatThrownBy(() -> DfsioOptions.builder(DfsioOperation.WRITE).baseDir("  ").build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("baseDir is empty");
    }

    @Test
    void rejectsCompressionWithPositionalReads() {
        for (DfsioOperation read : new DfsioOperation[] {
                DfsioOperation.RANDOM_READ, DfsioOperation.BACKWARD_READ, DfsioOperation.SKIP_READ}) {
            assertThatThrownBy(() -> DfsioOptions.builder(read)
                    .compressionCodec("org.apache.hadoop.io.compress.DefaultCodec").build())
                    .as("%s", read)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("compressionCodec cannot be used with random, backward or skip reads:"
                            + " positional reads need an uncompressed file");
        }
    }

    @Test
    void allowsCompressionWithStreamingRead() {
        assertThat(DfsioOptions.builder(DfsioOperation.READ)
                .compressionCodec("org.apache.hadoop.io.compress.DefaultCodec").build().compressionCodec())
                .contains("org.apache.hadoop.io.compress.DefaultCodec");
    }

    @Test
    void rejectsErasureCodePolicyWithAppendAndSaysWhy() {
        assertThatThrownBy(() -> DfsioOptions.builder(DfsioOperation.APPEND).erasureCodePolicy("RS-6-3-1024k").build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("erasureCodePolicy is set when files are written: use it with a write"
                        + " (erasure-coded files cannot be appended to or truncated)");
    }

    @Test
    void rejectsErasureCodePolicyWithReadWithoutTheAppendReason() {
        assertThatThrownBy(() -> DfsioOptions.builder(DfsioOperation.READ).erasureCodePolicy("RS-6-3-1024k").build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("erasureCodePolicy is set when files are written: use it with a write");
    }

    @Test
    void rejectsStoragePolicyWithRead() {
        assertThatThrownBy(() -> DfsioOptions.builder(DfsioOperation.READ).storagePolicy("HOT").build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("storagePolicy is set when files are written: use it with a write");
    }

    @Test
    void rejectsVerifyWithWrite() {
        assertThatThrownBy(() -> DfsioOptions.builder(DfsioOperation.WRITE).verify(true).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("verify checks data as it is read: use it with a read"
                        + " (every write produces verifiable data)");
    }

    @Test
    void allowsVerifyWithEveryKindOfRead() {
        for (DfsioOperation read : new DfsioOperation[] {DfsioOperation.READ, DfsioOperation.RANDOM_READ,
                DfsioOperation.BACKWARD_READ, DfsioOperation.SKIP_READ}) {
            assertThat(DfsioOptions.builder(read).verify(true).build().verify()).as("%s", read).isTrue();
        }
    }

    @Test
    void rejectsSkipSizeWithPlainRead() {
        assertThatThrownBy(() -> DfsioOptions.builder(DfsioOperation.READ).skipSize(4).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("skipSize goes with skip reads");
    }

    @Test
    void rejectsNegativeSkipSizeForSkipRead() {
        assertThatThrownBy(() -> DfsioOptions.builder(DfsioOperation.SKIP_READ).skipSize(-1).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("skipSize must not be negative, got -1");
    }

    @Test
    void backwardReadStepsBackByTheBufferSizeAsTestDfsioDoes() {
        // TestDFSIO: if (testType == TEST_TYPE_READ_BACKWARD) skipSize = -bufferSize;
        assertThat(DfsioOptions.builder(DfsioOperation.BACKWARD_READ).bufferSize(4096).build().skipSize())
                .isEqualTo(-4096);
    }

    @Test
    void skipReadWithZeroOrNoSkipSizeSkipsOneBufferAsTestDfsioDoes() {
        // TestDFSIO: if (testType == TEST_TYPE_READ_SKIP && skipSize == 0) skipSize = bufferSize;
        assertThat(DfsioOptions.builder(DfsioOperation.SKIP_READ).bufferSize(4096).skipSize(0).build().skipSize())
                .isEqualTo(4096);
        assertThat(DfsioOptions.builder(DfsioOperation.SKIP_READ).bufferSize(4096).build().skipSize())
                .isEqualTo(4096);
    }

    @Test
    void skipReadKeepsAnExplicitSkipSize() {
        assertThat(DfsioOptions.builder(DfsioOperation.SKIP_READ).bufferSize(4096).skipSize(123).build().skipSize())
                .isEqualTo(123);
    }

    @Test
    void randomReadHasSkipSizeZero() {
        assertThat(DfsioOptions.builder(DfsioOperation.RANDOM_READ).build().skipSize()).isZero();
    }

    @Test
    void roundTripsAFullyPopulatedWriteThroughAJobConfiguration() {
        DfsioOptions original = DfsioOptions.builder(DfsioOperation.WRITE)
                .nrFiles(64)
                .fileSize(16L << 30)
                .bufferSize(131_072)
                .baseDir("/user/bench/dfsio")
                .compressionCodec("org.apache.hadoop.io.compress.DefaultCodec")
                .storagePolicy("ALL_SSD")
                .erasureCodePolicy("RS-6-3-1024k")
                .sequential(true)
                .build();

        assertThat(roundTrip(original)).isEqualTo(original);
    }

    @Test
    void roundTripsAFullyPopulatedVerifiedSkipReadThroughAJobConfiguration() {
        DfsioOptions original = DfsioOptions.builder(DfsioOperation.SKIP_READ)
                .nrFiles(7)
                .fileSize(3L << 20)
                .bufferSize(65_536)
                .skipSize(1_000)
                .baseDir("hdfs://nn:8020/tmp/dfsio")
                .verify(true)
                .sequential(true)
                .build();

        assertThat(roundTrip(original)).isEqualTo(original);
    }

    @Test
    void roundTripsABackwardRead() {
        DfsioOptions original = DfsioOptions.builder(DfsioOperation.BACKWARD_READ).bufferSize(1234).build();

        DfsioOptions copy = roundTrip(original);

        assertThat(copy).isEqualTo(original);
        assertThat(copy.skipSize()).isEqualTo(-1234);
    }

    @Test
    void rejectsAnExplicitSkipSizeForABackwardRead() {
        assertThatThrownBy(() -> DfsioOptions.builder(DfsioOperation.BACKWARD_READ).skipSize(4).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("skipSize goes with skip reads");
    }

    @Test
    void roundTripsAWriteToChosenDataNodes() {
        DfsioOptions original = DfsioOptions.builder(DfsioOperation.WRITE)
                .dataNodes(List.of("dn1.example.com", "10.0.0.7:9866", "[::1]:50010")).build();

        assertThat(roundTrip(original)).isEqualTo(original);
        assertThat(roundTrip(original).dataNodes()).containsExactly("dn1.example.com", "10.0.0.7:9866", "[::1]:50010");
    }

    @Test
    void rejectsDataNodesWithEveryOperationButWrite() {
        for (DfsioOperation operation : DfsioOperation.values()) {
            if (operation != DfsioOperation.WRITE) {
                assertThatThrownBy(() -> DfsioOptions.builder(operation).dataNodes(List.of("dn1")).build())
                        .as("%s", operation)
                        .isInstanceOf(InvalidOptionException.class)
                        .hasMessage("dataNodes places the blocks of files being created: use it with a write");
            }
        }
    }

    @Test
    void rejectsDataNodesThatAreNotHostOrHostAndPort() {
        for (String entry : List.of("", "dn1:", "dn1:0", "dn1:65536", "dn1:port", "user@dn1", "dn1/path", "dn 1")) {
            assertThatThrownBy(() -> DfsioOptions.builder(DfsioOperation.WRITE).dataNodes(List.of("dn0", entry)).build())
                    .as("'%s'", entry)
                    .isInstanceOf(InvalidOptionException.class)
                    .hasMessage("dataNodes entry '" + entry + "' is not host or host:port (a port from 1 to 65535)");
        }
    }

    @Test
    void rejectsADataNodeNamedTwice() {
        assertThatThrownBy(() -> DfsioOptions.builder(DfsioOperation.WRITE).dataNodes(List.of("dn1", "dn2", "dn1"))
                .build())
                .isInstanceOf(InvalidOptionException.class)
                .hasMessage("dataNodes names dn1 twice");
    }

    @Test
    void rejectsDataNodesWithAnErasureCodePolicy() {
        assertThatThrownBy(() -> DfsioOptions.builder(DfsioOperation.WRITE).dataNodes(List.of("dn1"))
                .erasureCodePolicy("RS-6-3-1024k").build())
                .isInstanceOf(InvalidOptionException.class)
                .hasMessage("dataNodes places replicas, and an erasure-coded file's blocks have none: give dataNodes or"
                        + " erasureCodePolicy");
    }

    @Test
    void roundTripsADropBehindRead() {
        DfsioOptions original = DfsioOptions.builder(DfsioOperation.READ).dropBehind(true).build();

        assertThat(roundTrip(original)).isEqualTo(original);
        assertThat(roundTrip(original).dropBehind()).isTrue();
    }

    @Test
    void rejectsDropBehindWithTruncate() {
        assertThatThrownBy(() -> DfsioOptions.builder(DfsioOperation.TRUNCATE).dropBehind(true).build())
                .isInstanceOf(InvalidOptionException.class)
                .hasMessage("dropBehind is asked of the streams files are written or read through: use it with a write,"
                        + " append or read");
    }

    @Test
    void roundTripsEachReadFromOfEveryKindOfRead() {
        for (DfsioOperation read : List.of(DfsioOperation.READ, DfsioOperation.RANDOM_READ,
                DfsioOperation.BACKWARD_READ, DfsioOperation.SKIP_READ)) {
            for (ReadFrom readFrom : ReadFrom.values()) {
                DfsioOptions original = DfsioOptions.builder(read).readFrom(readFrom).build();

                assertThat(roundTrip(original)).isEqualTo(original);
                assertThat(roundTrip(original).readFrom()).contains(readFrom);
            }
        }
    }

    @Test
    void rejectsReadFromWithAnythingButARead() {
        for (DfsioOperation other : List.of(DfsioOperation.WRITE, DfsioOperation.APPEND, DfsioOperation.TRUNCATE)) {
            assertThatThrownBy(() -> DfsioOptions.builder(other).readFrom(ReadFrom.OTHER).build())
                    .isInstanceOf(InvalidOptionException.class)
                    .hasMessage("readFrom places the tasks that read files: use it with a read");
        }
    }

    @Test
    void rejectsReadFromWithASequentialRead() {
        assertThatThrownBy(() -> DfsioOptions.builder(DfsioOperation.READ).sequential(true).readFrom(ReadFrom.LOCAL)
                .build())
                .isInstanceOf(InvalidOptionException.class)
                .hasMessage("readFrom places a job's map tasks, and sequential runs none: give one");
    }

    @Test
    void readsReadFromInAnyCase() {
        assertThat(ReadFrom.of(" Other")).isEqualTo(ReadFrom.OTHER);
        assertThatThrownBy(() -> ReadFrom.of("remote")).isInstanceOf(InvalidOptionException.class)
                .hasMessage("readFrom must be local, any or other, got 'remote'");
    }

    @Test
    void refusesAConfigurationWithoutOptions() {
        assertThatThrownBy(() -> DfsioOptions.readFrom(new Configuration(false)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the job configuration holds no TestDFSIO options");
    }

    private static DfsioOptions roundTrip(DfsioOptions options) {
        Configuration conf = new Configuration(false);
        options.writeTo(conf);
        return DfsioOptions.readFrom(conf);
    }
}
