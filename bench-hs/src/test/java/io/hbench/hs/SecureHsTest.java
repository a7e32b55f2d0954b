package io.hbench.hs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.hbench.cli.BenchTool;
import io.hbench.testing.SecureCluster;
import io.hbench.testing.ToolRun;
import java.io.PrintStream;
import java.math.BigInteger;
import java.nio.file.Path;
import java.security.PrivilegedExceptionAction;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.zip.CRC32;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.io.IOUtils;
import org.apache.hadoop.io.nativeio.NativeIO;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.OutputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.token.Token;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The TPCx-HS programs on a Kerberos-secured HDFS, run as a user with a keytab, their jobs on the local
 * job runner, which gets their delegation tokens at submission. HSSort and HSValidate shuffle, which with
 * Kerberos on needs Hadoop's native library, as on every secured cluster: the build gives this JVM one.
 */
class SecureHsTest {
    @TempDir
    static Path temp;

    private static SecureCluster cluster;
    private static FileSystem superuser;

    @BeforeAll
    static void startCluster() throws Exception {
        cluster = SecureCluster.start(temp.resolve("cluster"), SecureHsTest.class, 1);
        superuser = cluster.superuserFileSystem();
    }

    @AfterAll
    static void stopCluster() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void hsGenWritesItsRowsAsTheKeytabsPrincipal() throws Exception {
        String output = SecureCluster.HOME + "/hs/gen";
        ToolRun gen = runWithKeytab(HsGenTool::new, "-rows", "1000", "-maps", "2", "-replication", "1", "-output",
                output);

        assertThat(gen.status).as(gen.err).isZero();
        assertThat(gen.out).contains("HSGen: generated 1000 rows (100000 bytes) in 2 maps to " + output);
        List<FileStatus> parts = parts(output);
        assertThat(parts).extracting(status -> status.getPath().getName())
                .containsExactlyInAnyOrder("part-m-00000", "part-m-00001");
        assertThat(parts).allSatisfy(part -> assertThat(part.getOwner()).isEqualTo(SecureCluster.USER));
        assertThat(parts.stream().mapToLong(FileStatus::getLen).sum()).isEqualTo(100_000);
        GenSummary summary = GenSummary.read(superuser, new org.apache.hadoop.fs.Path(output));
        assertThat(summary.rows()).isEqualTo(1000);
        assertThat(summary.checksum()).as("the data is there: its records' checksum is HSGen's").isEqualTo(checksumOf(parts));
    }

    @Test
    void hsSortAndHsValidateShuffleAsTheKeytabsPrincipalAndPassTheChain() throws Exception {
        assumeTrue(NativeIO.isAvailable(), "the secured shuffle needs Hadoop's native library (target/hadoop-native)");
        String input = SecureCluster.HOME + "/hs/unsorted";
        String sorted = SecureCluster.HOME + "/hs/sorted";
        ToolRun gen = runWithKeytab(HsGenTool::new, "-rows", "2000", "-maps", "2", "-replication", "1", "-output",
                input);
        assertThat(gen.status).as(gen.err).isZero();

        ToolRun sort = runWithKeytab(HsSortTool::new, "-input", input, "-output", sorted, "-reduces", "2",
                "-replication", "1");
        ToolRun validate = runWithKeytab(HsValidateTool::new, "-input", sorted, "-report",
                SecureCluster.HOME + "/hs/report");

        assertThat(sort.status).as(sort.err).isZero();
        assertThat(sort.out).contains("HSSort: sorted 2000 rows (200000 bytes) from " + input + " to " + sorted
                + " with 2 maps and 2 reducers");
        List<FileStatus> parts = parts(sorted);
        assertThat(parts).extracting(status -> status.getPath().getName())
                .containsExactlyInAnyOrder("part-r-00000", "part-r-00001");
        assertThat(parts).allSatisfy(part -> assertThat(part.getOwner()).isEqualTo(SecureCluster.USER));
        assertThat(validate.status).as(validate.out + validate.err).isZero();
        assertThat(validate.out).contains("record count matches", "checksum matches HSGen's", "HSValidate: PASSED");
    }

    @Test
    void theOutputFormatsGetTheTasksADelegationTokenForTheOutputsFileSystem() throws Exception {
        UserGroupInformation alice = UserGroupInformation.loginUserFromKeytabAndReturnUGI(cluster.userPrincipal(),
                cluster.userKeytab().toString());
        for (OutputFormat<?, ?> format : List.of(new HsOutputFormat(), new ReportOutputFormat())) {
            Job job = Job.getInstance(cluster.clientConfiguration());
            FileOutputFormat.setOutputPath(job, new org.apache.hadoop.fs.Path(cluster.dfs().getURI().toString()
                    + SecureCluster.HOME + "/hs/tokens"));

            alice.doAs((PrivilegedExceptionAction<Void>) () -> {
                format.checkOutputSpecs(job);
                return null;
            });

            assertThat(job.getCredentials().getAllTokens()).as(format.getClass().getSimpleName())
                    .extracting(Token::getKind).extracting(Object::toString).containsExactly("HDFS_DELEGATION_TOKEN");
        }
    }

    /** The data files of an output directory, without its summary and markers. */
    private static List<FileStatus> parts(String dir) throws Exception {
        List<FileStatus> parts = new ArrayList<>();
        for (FileStatus status : superuser.listStatus(new org.apache.hadoop.fs.Path(dir))) {
            if (status.getPath().getName().startsWith("part-")) {
                parts.add(status);
            }
        }
        return parts;
    }

    /** The sum of every record's CRC32, as HSGen and HSValidate count it. */
    private static BigInteger checksumOf(List<FileStatus> parts) throws Exception {
        BigInteger sum = BigInteger.ZERO;
        byte[] record = new byte[Records.RECORD_LENGTH];
        CRC32 crc = new CRC32();
        for (FileStatus part : parts) {
            try (FSDataInputStream in = superuser.open(part.getPath())) {
                for (long read = 0; read < part.getLen(); read += record.length) {
                    IOUtils.readFully(in, record, 0, record.length);
                    crc.reset();
                    crc.update(record);
                    sum = sum.add(BigInteger.valueOf(crc.getValue()));
                }
            }
        }
        return sum;
    }

    private static ToolRun runWithKeytab(BiFunction<PrintStream, PrintStream, ? extends BenchTool<?>> program,
            String... args) throws Exception {
        List<String> withKeytab = new ArrayList<>(List.of(args));
        withKeytab.addAll(List.of("-principal", cluster.userPrincipal(), "-keytab", cluster.userKeytab().toString()));
        return ToolRun.run(cluster.clientConfiguration(), program, withKeytab.toArray(new String[0]));
    }
}
