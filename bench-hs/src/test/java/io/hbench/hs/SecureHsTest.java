package io.hbench.hs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

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
 * The TPCx-HS programs on a Kerberos-secured HDFS, run as a user with a keytab. HSGen's job (maps only)
 * runs on the local job runner and gets its delegation tokens at submission. HSSort and HSValidate
 * shuffle, which with Kerberos on needs Hadoop's native library (every secured NodeManager has it, this
 * JVM does not): here they must say so before they write anything.
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
        List<FileStatus> parts = new ArrayList<>();
        for (FileStatus status : superuser.listStatus(new org.apache.hadoop.fs.Path(output))) {
            if (status.getPath().getName().startsWith("part-")) {
                parts.add(status);
            }
        }
        assertThat(parts).extracting(status -> status.getPath().getName())
                .containsExactlyInAnyOrder("part-m-00000", "part-m-00001");
        assertThat(parts).allSatisfy(part -> assertThat(part.getOwner()).isEqualTo(SecureCluster.USER));
        assertThat(parts.stream().mapToLong(FileStatus::getLen).sum()).isEqualTo(100_000);
        GenSummary summary = GenSummary.read(superuser, new org.apache.hadoop.fs.Path(output));
        assertThat(summary.rows()).isEqualTo(1000);
        assertThat(summary.checksum()).as("the data is there: its records' checksum is HSGen's").isEqualTo(checksumOf(parts));
    }

    @Test
    void hsSortAndHsValidateSayWhyTheyCannotShuffleHereBeforeWriting() throws Exception {
        assumeFalse(NativeIO.isAvailable(), "with Hadoop's native library the local job runner can shuffle");
        String input = SecureCluster.HOME + "/hs/unsorted";
        assertThat(runWithKeytab(HsGenTool::new, "-rows", "100", "-maps", "1", "-replication", "1", "-output", input)
                .status).isZero();
        String reason = "MapReduce would run this program's tasks in this process (mapreduce.framework.name=local),"
                + " and with Kerberos on its shuffle needs Hadoop's native library, which this process has not loaded:"
                + " run on YARN (mapreduce.framework.name=yarn), or give the JVM Hadoop's native library"
                + " (-Djava.library.path=$HADOOP_HOME/lib/native)";

        ToolRun sort = runWithKeytab(HsSortTool::new, "-input", input, "-output", SecureCluster.HOME + "/hs/sorted");
        ToolRun validate = runWithKeytab(HsValidateTool::new, "-input", input, "-report",
                SecureCluster.HOME + "/hs/report");

        assertThat(sort.status).isEqualTo(2);
        assertThat(sort.err.lines()).first().isEqualTo("HSSort: " + reason);
        assertThat(validate.status).isEqualTo(2);
        assertThat(validate.err.lines()).first().isEqualTo("HSValidate: " + reason);
        assertThat(sort.err + validate.err).doesNotContain("\tat ");
        assertThat(superuser.exists(new org.apache.hadoop.fs.Path(SecureCluster.HOME + "/hs/sorted"))).isFalse();
        assertThat(superuser.exists(new org.apache.hadoop.fs.Path(SecureCluster.HOME + "/hs/report"))).isFalse();
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
