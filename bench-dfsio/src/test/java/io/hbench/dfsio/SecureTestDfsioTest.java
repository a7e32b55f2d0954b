package io.hbench.dfsio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hbench.testing.ResultSchema;
import io.hbench.testing.SecureCluster;
import io.hbench.testing.ToolRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.io.IOUtils;
import org.apache.hadoop.io.nativeio.NativeIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TestDFSIO on a Kerberos-secured HDFS as an operator runs it: with a keytab, or after kinit; and each
 * way the credentials can be wrong, which must stop the program before it does anything, in one line.
 *
 * <p>With a keytab TestDFSIO runs as MapReduce jobs on the local job runner, whose shuffle with Kerberos
 * on needs Hadoop's native library, as on every secured cluster: the build gives this JVM one. After kinit
 * it runs with {@code -seq}, the same per-file work in this process.
 */
class SecureTestDfsioTest {
    private static final int MIB = 1 << 20;

    @TempDir
    static Path temp;

    private static SecureCluster cluster;
    private static FileSystem superuser;
    private static int runs;

    @BeforeAll
    static void startCluster() throws Exception {
        cluster = SecureCluster.start(temp.resolve("cluster"), SecureTestDfsioTest.class, 2);
        superuser = cluster.superuserFileSystem();
    }

    @AfterAll
    static void stopCluster() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void writeThenReadVerifyWithAKeytab() throws Exception {
        String root = SecureCluster.HOME + "/keytab";
        Path json = temp.resolve("write.json");
        assumeTrue(NativeIO.isAvailable(), "the secured shuffle needs Hadoop's native library (target/hadoop-native)");
        ToolRun write = runWithKeytab("-write", "-nrFiles", "2", "-fileSize", "1MB", "-rootDir", root, "-json",
                json.toString());

        assertThat(write.status).as(write.err).isZero();
        assertThat(write.err).as("the NameNode's /jmx takes SPNEGO, and the run reads HDFS's slow-node reports there"
                + " as its user").doesNotContain("cannot be read");
        assertThat(write.out).contains("----- TestDFSIO ----- : write", "        Number of files: 2",
                " Total MBytes processed: 2\n", "     Test exec time sec: ", "----- hbench TestDFSIO ----- : write",
                "   Aggregate throughput MiB/s: ");
        for (int i = 0; i < 2; i++) {
            org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path(root + "/io_data/test_io_" + i);
            FileStatus status = superuser.getFileStatus(file);
            assertThat(status.getLen()).isEqualTo(MIB);
            assertThat(status.getOwner()).as("written as the keytab's principal").isEqualTo(SecureCluster.USER);
            assertThat(readAll(file)).isEqualTo(expectedBytes("test_io_" + i, MIB));
        }
        String text = Files.readString(json);
        ResultSchema.assertValid(text);
        JsonNode result = new ObjectMapper().readTree(text);
        assertThat(result.get("tasks")).hasSize(2);
        assertThat(metric(result, "bytes")).isEqualTo(2.0 * MIB);
        assertThat(metric(result, "aggregate_throughput")).isPositive();
        JsonNode configuration = result.get("environment").get("configuration");
        assertThat(configuration.get("hadoop.security.authentication").asText()).isEqualTo("kerberos");
        assertThat(configuration.get("kerberos.principal").asText()).isEqualTo(cluster.userPrincipal());

        ToolRun read = runWithKeytab("-read", "-verify", "-nrFiles", "2", "-fileSize", "1MB", "-rootDir", root);

        assertThat(read.status).as(read.err).isZero();
        assertThat(read.out).contains("----- TestDFSIO ----- : read", "----- hbench TestDFSIO ----- : read",
                "                Data verified: every byte read matched (2 MiB)");
    }

    @Test
    void aUserWhoRanKinitNeedsNoFlags() throws Exception {
        Path cache = cluster.kdc().ticketCache(temp.resolve("krb5cc_alice"), cluster.userPrincipal(),
                cluster.userKeytab(), false);
        String root = SecureCluster.HOME + "/kinit";

        ToolRun write = run(withTicketCache(cache), "-write", "-seq", "-nrFiles", "1", "-fileSize", "1MB", "-rootDir",
                root);

        assertThat(write.status).as(write.err).isZero();
        FileStatus status = superuser.getFileStatus(new org.apache.hadoop.fs.Path(root + "/io_data/test_io_0"));
        assertThat(status.getLen()).isEqualTo(MIB);
        assertThat(status.getOwner()).isEqualTo(SecureCluster.USER);
    }

    @Test
    void noTicketSaysRunKinitAndDoesNothing() throws Exception {
        Path cache = temp.resolve("krb5cc_nobody");

        ToolRun write = run(withTicketCache(cache), "-write", "-nrFiles", "1", "-fileSize", "1MB", "-rootDir",
                SecureCluster.HOME + "/none");

        assertOneLineAndNothingWritten(write, "TestDFSIO: no Kerberos ticket for " + System.getProperty("user.name")
                + " (ticket cache " + cache + "): run kinit, or give -principal and -keytab", "/none");
    }

    @Test
    void anExpiredTicketSaysSoAndDoesNothing() throws Exception {
        Path cache = cluster.kdc().ticketCache(temp.resolve("krb5cc_expired"), cluster.userPrincipal(),
                cluster.userKeytab(), true);

        ToolRun write = run(withTicketCache(cache), "-write", "-nrFiles", "1", "-fileSize", "1MB", "-rootDir",
                SecureCluster.HOME + "/expired");

        assertThat(write.status).isEqualTo(2);
        assertThat(write.err.lines()).singleElement().asString().matches("TestDFSIO: the Kerberos ticket of "
                + "alice@EXAMPLE\\.COM expired at \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC \\(ticket cache " + cache
                + "\\): run kinit, or give -principal and -keytab");
        assertThat(superuser.exists(new org.apache.hadoop.fs.Path(SecureCluster.HOME + "/expired"))).isFalse();
    }

    @Test
    void anUnreadableKeytabIsNamed() throws Exception {
        Path keytab = temp.resolve("missing.keytab");

        ToolRun write = run(cluster.clientConfiguration(), "-write", "-nrFiles", "1", "-fileSize", "1MB", "-rootDir",
                SecureCluster.HOME + "/unreadable", "-principal", cluster.userPrincipal(), "-keytab", keytab.toString());

        assertOneLineAndNothingWritten(write, "TestDFSIO: cannot read the keytab " + keytab + " (no such file): give"
                + " -keytab a keytab file this user can read", "/unreadable");
    }

    @Test
    void aPrincipalTheKeytabDoesNotHoldIsNamedWithTheKeytab() throws Exception {
        ToolRun write = run(cluster.clientConfiguration(), "-write", "-nrFiles", "1", "-fileSize", "1MB", "-rootDir",
                SecureCluster.HOME + "/wrong", "-principal", "bob@EXAMPLE.COM", "-keytab",
                cluster.userKeytab().toString());

        assertOneLineAndNothingWritten(write, "TestDFSIO: the keytab " + cluster.userKeytab() + " has no key for"
                + " bob@EXAMPLE.COM (it holds alice@EXAMPLE.COM; klist -kt " + cluster.userKeytab() + " lists them):"
                + " check -principal and -keytab", "/wrong");
    }

    @Test
    void aNameNodeWhosePrincipalThisConfigurationDoesNotExpectFailsTheRunInOneLine() throws Exception {
        Configuration mismatched = cluster.clientConfiguration();
        mismatched.set("dfs.namenode.kerberos.principal.pattern", "nn/*");

        ToolRun write = run(mismatched, "-write", "-seq", "-nrFiles", "1", "-fileSize", "1MB", "-rootDir",
                SecureCluster.HOME + "/mismatched", "-principal", cluster.userPrincipal(), "-keytab",
                cluster.userKeytab().toString());

        assertThat(write.status).isEqualTo(1);
        // Hadoop's IPC client warns of the refused connection with a trace: the line names the file that holds it.
        assertThat(write.err.lines()).singleElement().asString().matches(Pattern.quote("TestDFSIO: Kerberos"
                + " authentication failed while the program ran: Server has invalid Kerberos principal:"
                + " hdfs/localhost@EXAMPLE.COM, doesn't match the pattern: nn/* (this configuration's Kerberos settings"
                + " do not match the cluster's: use the cluster's configuration, HADOOP_CONF_DIR)")
                + "( \\(Hadoop's log: [^)]+\\.log\\))?");
    }

    private static void assertOneLineAndNothingWritten(ToolRun run, String line, String dir) throws Exception {
        assertThat(run.status).isEqualTo(2);
        assertThat(run.err.lines()).as("no stack trace, no usage: what to do fits on the line").containsExactly(line);
        assertThat(run.out).isEmpty();
        assertThat(superuser.exists(new org.apache.hadoop.fs.Path(SecureCluster.HOME + dir))).isFalse();
    }

    private static double metric(JsonNode result, String id) {
        for (JsonNode metric : result.get("metrics")) {
            if (metric.get("id").asText().equals(id)) {
                return metric.get("value").asDouble();
            }
        }
        throw new AssertionError("no metric " + id);
    }

    private static Configuration withTicketCache(Path cache) {
        Configuration conf = cluster.clientConfiguration();
        conf.set("hadoop.security.kerberos.ticket.cache.path", cache.toString());
        return conf;
    }

    private static ToolRun runWithKeytab(String... args) throws Exception {
        List<String> withKeytab = new ArrayList<>(List.of(args));
        withKeytab.addAll(List.of("-principal", cluster.userPrincipal(), "-keytab", cluster.userKeytab().toString()));
        return run(cluster.clientConfiguration(), withKeytab.toArray(new String[0]));
    }

    private static ToolRun run(Configuration conf, String... args) throws Exception {
        List<String> withResultFile = new ArrayList<>(List.of(args));
        withResultFile.addAll(List.of("-resFile", temp.resolve("results-" + ++runs + ".log").toString()));
        return ToolRun.run(conf, TestDfsioTool::new, withResultFile.toArray(new String[0]));
    }

    private static byte[] readAll(org.apache.hadoop.fs.Path file) throws Exception {
        byte[] data = new byte[(int) superuser.getFileStatus(file).getLen()];
        try (FSDataInputStream in = superuser.open(file)) {
            IOUtils.readFully(in, data, 0, data.length);
        }
        return data;
    }

    private static byte[] expectedBytes(String fileName, int length) {
        byte[] expected = new byte[length];
        DataPattern.forFile(fileName).fill(0, expected, 0, length);
        return expected;
    }
}
