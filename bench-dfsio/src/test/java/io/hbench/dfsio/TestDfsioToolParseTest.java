package io.hbench.dfsio;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/**
 * Command-line validation of the TestDFSIO tool, with no cluster: every case fails while parsing, before a
 * cluster session opens, with exit status 2, one line on stderr, the usage hint, and nothing on stdout.
 */
class TestDfsioToolParseTest {
    private final ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
    private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
    private final Configuration conf = new Configuration();

    private int run(String... args) {
        TestDfsioTool tool = new TestDfsioTool(new PrintStream(outBytes, true, UTF_8),
                new PrintStream(errBytes, true, UTF_8));
        tool.setConf(conf);
        return tool.run(args);
    }

    private String out() {
        return outBytes.toString(UTF_8);
    }

    private List<String> errLines() {
        return errBytes.toString(UTF_8).lines().collect(java.util.stream.Collectors.toList());
    }

    private void assertUsageError(int status, String firstLine) {
        assertThat(status).as("exit status").isEqualTo(2);
        List<String> err = errLines();
        assertThat(err).as("stderr").isNotEmpty();
        assertThat(err.get(0)).isEqualTo(firstLine);
        assertThat(err).as("stderr after the message").hasSize(2);
        assertThat(err.get(1)).isEqualTo("Run 'TestDFSIO -help' for usage.");
        assertThat(out()).as("stdout").isEmpty();
    }

    @Test
    void noArgumentsIsAUsageError() {
        assertUsageError(run(), "TestDFSIO: missing arguments");
    }

    @Test
    void unknownOptionIsAUsageError() {
        assertUsageError(run("-bogus"), "TestDFSIO: unknown option -bogus");
    }

    @Test
    void strayArgumentIsAUsageError() {
        assertUsageError(run("-write", "extra"), "TestDFSIO: unexpected argument 'extra'");
    }

    @Test
    void optionWithoutItsValueIsAUsageError() {
        assertUsageError(run("-write", "-nrFiles"), "TestDFSIO: -nrFiles needs a value: -nrFiles <N>");
    }

    @Test
    void zeroFilesIsAUsageError() {
        assertUsageError(run("-write", "-nrFiles", "0"), "TestDFSIO: -nrFiles must be from 1 to 1048576, got 0");
    }

    @Test
    void flagsAreCaseInsensitiveAsInHadoop() {
        assertUsageError(run("-WRITE", "-NRFILES", "0"), "TestDFSIO: -nrFiles must be from 1 to 1048576, got 0");
    }

    @Test
    void unknownSizeUnitIsAUsageError() {
        assertUsageError(run("-write", "-fileSize", "16XB"), "TestDFSIO: -fileSize '16XB' is not a size: use a whole"
                + " number and B, KB, MB, GB or TB (binary: 1KB = 1024 bytes; no unit means MB), e.g. 16GB");
    }

    @Test
    void nonNumericFileCountIsAUsageError() {
        assertUsageError(run("-write", "-nrFiles", "abc"), "TestDFSIO: -nrFiles 'abc' is not a whole number");
    }

    @Test
    void aFileCountPastTheLimitIsTooLargeAndSaysTheLimit() {
        assertUsageError(run("-write", "-nrFiles", "99999999999"), "TestDFSIO: -nrFiles '99999999999' is too large: at"
                + " most 2147483647");
    }

    @Test
    void twoOperationsAreAUsageError() {
        assertUsageError(run("-write", "-read"), "TestDFSIO: one operation at a time: -write and -read were given");
    }

    @Test
    void readKindWithoutReadIsAUsageError() {
        assertUsageError(run("-random"), "TestDFSIO: -random is a kind of read: use -read -random");
    }

    @Test
    void readKindWithWriteIsAUsageError() {
        assertUsageError(run("-write", "-random"), "TestDFSIO: -random is a kind of read: use -read -random, not -write");
    }

    @Test
    void twoReadKindsAreAUsageError() {
        assertUsageError(run("-read", "-random", "-backward"),
                "TestDFSIO: one kind of read at a time: -random and -backward were given");
    }

    @Test
    void skipSizeWithPlainReadIsAUsageError() {
        assertUsageError(run("-read", "-skipSize", "4"), "TestDFSIO: -skipSize goes with -read -skip");
    }

    @Test
    void fileSizeAndSizeTogetherAreAUsageError() {
        assertUsageError(run("-write", "-fileSize", "1", "-size", "2"),
                "TestDFSIO: -fileSize and -size are the same option: give one");
    }

    @Test
    void rootDirDifferentFromTestBuildDataIsAUsageError() {
        conf.set(DfsioOptions.BASE_DIR_KEY, "/b");

        assertUsageError(run("-write", "-rootDir", "/a"),
                "TestDFSIO: -rootDir /a and test.build.data=/b name different base directories: give one");
    }

    @Test
    void verifyWithWriteIsAUsageError() {
        assertUsageError(run("-write", "-verify"), "TestDFSIO: -verify checks data as it is read: use it with a read"
                + " (every write produces verifiable data)");
    }

    @Test
    void dataNodesWithReadIsAUsageError() {
        assertUsageError(run("-read", "-dataNodes", "dn1"),
                "TestDFSIO: -dataNodes places the blocks of files being created: use it with a write");
    }

    @Test
    void dataNodesWithCleanIsAUsageError() {
        assertUsageError(run("-clean", "-dataNodes", "dn1"),
                "TestDFSIO: -dataNodes places the blocks of files being created: use it with a write");
    }

    @Test
    void aDataNodeWithABadPortIsAUsageError() {
        assertUsageError(run("-write", "-dataNodes", "dn1:9866, dn2:99999"),
                "TestDFSIO: -dataNodes entry 'dn2:99999' is not host or host:port (a port from 1 to 65535)");
    }

    @Test
    void anEmptyDataNodeIsAUsageError() {
        assertUsageError(run("-write", "-dataNodes", "dn1,,dn2"),
                "TestDFSIO: -dataNodes entry '' is not host or host:port (a port from 1 to 65535)");
    }

    @Test
    void dataNodesWithErasureCodingIsAUsageError() {
        assertUsageError(run("-write", "-dataNodes", "dn1", "-erasureCodePolicy", "RS-6-3-1024k"),
                "TestDFSIO: -dataNodes places replicas, and an erasure-coded file's blocks have none: give -dataNodes"
                        + " or -erasureCodePolicy");
    }

    @Test
    void dropBehindWithTruncateOrCleanIsAUsageError() {
        String message = "TestDFSIO: -dropBehind is asked of the streams files are written or read through: use it with"
                + " a write, append or read";
        assertUsageError(run("-truncate", "-dropBehind"), message);
        outBytes.reset();
        errBytes.reset();
        assertUsageError(run("-clean", "-dropBehind"), message);
    }

    @Test
    void readFromWithAnythingButARunOfReadsIsAUsageError() {
        String message = "TestDFSIO: -readFrom places the tasks that read files: use it with a read";
        assertUsageError(run("-write", "-readFrom", "other"), message);
        outBytes.reset();
        errBytes.reset();
        assertUsageError(run("-clean", "-readFrom", "other"), message);
        outBytes.reset();
        errBytes.reset();
        assertUsageError(run("-read", "-seq", "-readFrom", "other"),
                "TestDFSIO: -readFrom places a job's map tasks, and -seq runs none: give one");
        outBytes.reset();
        errBytes.reset();
        assertUsageError(run("-read", "-readFrom", "elsewhere"),
                "TestDFSIO: -readFrom must be local, any or other, got 'elsewhere'");
    }

    @Test
    void cleanStillChecksTheValuesItIsGiven() {
        assertUsageError(run("-clean", "-nrFiles", "abc"), "TestDFSIO: -nrFiles 'abc' is not a whole number");
    }

    @Test
    void cleanWithVerifyIsAUsageError() {
        assertUsageError(run("-clean", "-verify"), "TestDFSIO: -clean takes no -verify or -seq");
    }

    @Test
    void embeddedAndNoEmbeddedTogetherAreAUsageError() {
        assertUsageError(run("-embedded", "-noEmbedded", "-write"),
                "TestDFSIO: -embedded and -noEmbedded exclude each other");
    }

    @Test
    void helpExitsZeroAndListsEveryOption() {
        int status = run("-help");

        assertThat(status).isZero();
        assertThat(errLines()).isEmpty();
        String help = out();
        assertThat(help).startsWith("Usage: TestDFSIO ");
        for (String option : List.of("write", "read", "random", "backward", "skip", "append", "truncate", "clean",
                "seq", "verify", "nrFiles", "fileSize", "size", "bufferSize", "skipSize", "resFile", "compression",
                "storagePolicy", "erasureCodePolicy", "dataNodes", "dropBehind", "readFrom", "rootDir", "json", "embedded", "noEmbedded", "embeddedDir",
                "help")) {
            assertThat(help).as("help lists -%s", option).containsPattern("(?m)^\\s+-" + option + "\\b");
        }
    }

    @Test
    void helpIsCaseInsensitiveToo() {
        assertThat(run("-HELP")).isZero();
        assertThat(out()).startsWith("Usage: TestDFSIO ");
    }
}
