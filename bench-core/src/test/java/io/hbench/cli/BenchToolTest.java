package io.hbench.cli;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.error.ExitStatus;
import io.hbench.resources.ClusterSampling;
import io.hbench.resources.HostSamples;
import io.hbench.result.BenchResult;
import io.hbench.result.HostUsage;
import io.hbench.result.Metric;
import io.hbench.result.ResourceUsage;
import io.hbench.result.json.JsonResultReader;
import io.hbench.testing.ResultSchema;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.VersionInfo;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class BenchToolTest {
    private static final String USAGE = "Usage: Fake -count <N>";
    private static final String HINT = "Run 'Fake -help' for usage.";

    private final ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
    private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
    private FakeTool tool;
    @TempDir
    Path temp;

    @BeforeEach
    void setUp() {
        tool = new FakeTool(new PrintStream(outBytes, true, StandardCharsets.UTF_8),
                new PrintStream(errBytes, true, StandardCharsets.UTF_8));
        Configuration conf = new Configuration();
        conf.set("fs.defaultFS", "file:///");
        // These tests are about the command line; sampling the whole run has its own.
        conf.setBoolean(ClusterSampling.ENABLED_KEY, false);
        tool.setConf(conf);
    }

    private String out() {
        return outBytes.toString(StandardCharsets.UTF_8);
    }

    private List<String> errLines() {
        return errBytes.toString(StandardCharsets.UTF_8).lines().collect(java.util.stream.Collectors.toList());
    }

    private void assertUsageError(String[] args, String message) {
        int status = tool.run(args);

        assertThat(status).isEqualTo(2);
        assertThat(errLines()).containsExactly("Fake: " + message, HINT);
        assertThat(out()).isEmpty();
        assertThat(tool.runCalls).as("run calls").isZero();
    }

    @Test
    void aHostNameThatDoesNotResolveIsOneLineNotAnInternalError() {
        tool.failure = new IllegalArgumentException(new java.net.UnknownHostException("nn.invalid"));

        int status = tool.run(new String[] {"-count", "1"});

        assertThat(status).isEqualTo(1);
        assertThat(errLines()).containsExactly("Fake: cannot resolve the host name nn.invalid (check fs.defaultFS, -fs"
                + " and the cluster's configuration)");
    }

    @Test
    void rejectsNoArgumentsWithUsage() {
        assertUsageError(new String[0], "missing arguments");
        assertThat(tool.parseCalls).isZero();
    }

    @Test
    void rejectsUnknownOptionNamingIt() {
        assertUsageError(new String[] {"-count", "3", "-bogus"}, "unknown option -bogus");
        assertThat(tool.parseCalls).isZero();
    }

    @Test
    void rejectsALinkSpeedThatIsNoHostAndRateBeforeAnythingRuns() {
        assertUsageError(new String[] {"-count", "3", "-linkSpeed", "w2=20MB"}, "-linkSpeed w2: '20MB' is not a link"
                + " rate: use a number and bit, Kbit, Mbit, Gbit or Tbit (decimal: 1Mbit = 10^6 bits per second), e.g."
                + " 20Mbit or 10Gbit");
    }

    @Test
    void rejectsOptionWithoutItsValueShowingWhatItNeeds() {
        assertUsageError(new String[] {"-count"}, "-count needs a value: -count <N>");
    }

    @Test
    void rejectsOptionWhoseValueIsAnotherOption() {
        assertUsageError(new String[] {"-count", "-noEmbedded"}, "-count needs a value: -count <N>");
    }

    @Test
    void rejectsUnexpectedArgument() {
        assertUsageError(new String[] {"-count", "3", "extra"}, "unexpected argument 'extra'");
    }

    @Test
    void rejectsValueThatParseRejectsWithTheParseMessage() {
        assertUsageError(new String[] {"-count", "0", "-noEmbedded"}, "-count must be at least 1, not 0");
        assertThat(tool.parseCalls).isEqualTo(1);
    }

    @Test
    void rejectsNegativeValueThroughParseNotAsAnOption() {
        assertUsageError(new String[] {"-count", "-1", "-noEmbedded"}, "-count must be at least 1, not -1");
        assertThat(tool.parseCalls).isEqualTo(1);
    }

    @Test
    void reportsUserErrorThatParseThrowsAsBenchException() {
        assertUsageError(new String[] {"-noEmbedded"}, "-count is required");
        assertThat(tool.parseCalls).isEqualTo(1);
    }

    @Test
    void rejectsEmbeddedTogetherWithNoEmbedded() {
        assertUsageError(new String[] {"-count", "3", "-embedded", "-noEmbedded"},
                "-embedded and -noEmbedded exclude each other");
        assertThat(tool.parseCalls).isEqualTo(1);
    }

    @Test
    void printsUsageAndEveryOptionForHelp() {
        int status = tool.run(new String[] {"-help"});

        assertThat(status).isZero();
        assertThat(out()).startsWith(USAGE + System.lineSeparator())
                .contains("-count <N>", "how many things to do")
                .contains("-json <file>", "-embedded ", "-noEmbedded", "-embeddedDir <dir>", "-help")
                .contains("-principal <principal>", "-keytab <file>", "ticket cache (kinit)")
                .contains("Generic Hadoop options");
        assertThat(errLines()).isEmpty();
        assertThat(tool.parseCalls).isZero();
        assertThat(tool.runCalls).isZero();
    }

    @Test
    void acceptsFlagsInAnyCase() {
        int status = tool.run(new String[] {"-COUNT", "3", "-noembedded"});

        assertThat(status).isZero();
        assertThat(tool.runCalls).isEqualTo(1);
        assertThat(tool.runCount).isEqualTo(3);
        assertThat(tool.run(new String[] {"-HELP"})).isZero();
        assertThat(out()).contains(USAGE);
    }

    @Test
    void runsWithTheParsedOptionsOnTheConfiguredFileSystem() {
        int status = tool.run(new String[] {"-count", "7", "-noEmbedded"});

        assertThat(status).isZero();
        assertThat(tool.parseCalls).isEqualTo(1);
        assertThat(tool.runCalls).isEqualTo(1);
        assertThat(tool.runCount).isEqualTo(7);
        assertThat(tool.runSession.embedded()).isEmpty();
        assertThat(tool.runSession.configuration().get("fs.defaultFS")).isEqualTo("file:///");
        assertThat(errLines()).isEmpty();
    }

    @Test
    void passesTheExitStatusOfRunThrough() {
        tool.exitStatus = ExitStatus.FAILURE;

        assertThat(tool.run(new String[] {"-count", "7", "-noEmbedded"})).isEqualTo(1);
        assertThat(tool.runCalls).isEqualTo(1);
    }

    @Test
    void theExitStatusOfAReportedResultIsItsOutcome() {
        tool.reports = true;
        tool.exitStatus = ExitStatus.SUCCESS;
        tool.resultFailures = List.of("3 of 64 files failed verification");

        assertThat(tool.run(new String[] {"-count", "7", "-noEmbedded"})).isEqualTo(1);
        assertThat(out()).startsWith("Fake did 7 things\n");
        tool.resultFailures = List.of();
        assertThat(tool.run(new String[] {"-count", "7", "-noEmbedded"})).isZero();
    }

    @Test
    void reportsBenchmarkFailureOnOneLineWithoutStackTrace() {
        tool.failure = new BenchException(ErrorCode.VERIFICATION_FAILED, "3 of 64 files failed verification",
                new IOException("checksum error"));

        int status = tool.run(new String[] {"-count", "7", "-noEmbedded"});

        assertThat(status).isEqualTo(1);
        assertThat(errLines()).containsExactly("Fake: 3 of 64 files failed verification");
    }

    @Test
    void refusesAnUnsafeDirectoryFoundWhileRunningInOneLineWithoutTheUsage() {
        tool.failure = new BenchException(ErrorCode.UNSAFE_DIRECTORY, "/data holds data hbench did not create");

        assertThat(tool.run(new String[] {"-count", "7", "-noEmbedded"})).isEqualTo(2);
        assertThat(errLines()).containsExactly("Fake: /data holds data hbench did not create");
    }

    @Test
    void reportsIoFailureOnOneLineWithExitOne() {
        tool.failure = new IOException("Connection refused\nwith details on a second line");

        assertThat(tool.run(new String[] {"-count", "7", "-noEmbedded"})).isEqualTo(1);
        assertThat(errLines()).containsExactly("Fake: Connection refused");
    }

    @Test
    void reportsUnexpectedErrorAsInternalWithoutStackTrace() {
        tool.failure = new IllegalStateException("boom");

        assertThat(tool.run(new String[] {"-count", "7", "-noEmbedded"})).isEqualTo(1);
        assertThat(errLines()).containsExactly(
                "Fake: internal error: boom (rerun with -D hbench.debug=true for details)");
    }

    @Test
    void reportsIllegalArgumentFromRunAsInternalErrorNotUsage() {
        // A bug inside the benchmark (or corrupt job output) is not bad usage: exit 1, no usage hint.
        tool.failure = new IllegalArgumentException("not an encoded histogram: it is truncated or corrupt");

        assertThat(tool.run(new String[] {"-count", "7", "-noEmbedded"})).isEqualTo(1);
        assertThat(errLines()).containsExactly("Fake: internal error: not an encoded histogram: it is truncated"
                + " or corrupt (rerun with -D hbench.debug=true for details)");
    }

    @Test
    void rejectsAPrincipalWithoutItsKeytab() {
        assertUsageError(new String[] {"-count", "3", "-principal", "alice@EXAMPLE.COM"}, "-principal needs -keytab:"
                + " give the keytab that holds alice@EXAMPLE.COM's key, or leave both out to use the ticket cache (kinit)");
    }

    @Test
    void rejectsAKeytabWithoutItsPrincipal() {
        assertUsageError(new String[] {"-count", "3", "-keytab", "/k/alice.keytab"}, "-keytab needs -principal: give"
                + " the principal to log in as (klist -kt /k/alice.keytab lists the keytab's), or leave both out to use"
                + " the ticket cache (kinit)");
    }

    @Test
    void rejectsAKeytabForAClusterThatIsNotKerberosSecured() {
        assertUsageError(new String[] {"-count", "3", "-principal", "alice@EXAMPLE.COM", "-keytab", "/k/alice.keytab"},
                "-principal and -keytab log in to a Kerberos-secured cluster, but this configuration's"
                        + " hadoop.security.authentication is simple: use the secured cluster's configuration"
                        + " (HADOOP_CONF_DIR), or leave them out");
    }

    @Test
    void refusesAnEmbeddedClusterWhenKerberosIsOn() {
        tool.getConf().set("hadoop.security.authentication", "kerberos");

        assertUsageError(new String[] {"-count", "3", "-embedded"}, "-embedded starts an unsecured cluster in this"
                + " process, but hadoop.security.authentication is kerberos: leave out -embedded to use the configured"
                + " cluster, or give -D hadoop.security.authentication=simple");
    }

    @Test
    void refusesToRunWithKerberosOnButNoClusterConfigured() {
        Configuration conf = new Configuration();
        conf.set("hadoop.security.authentication", "kerberos");
        tool.setConf(conf);

        assertThat(tool.run(new String[] {"-count", "3"})).isEqualTo(2);
        assertThat(errLines()).containsExactly("Fake: hadoop.security.authentication is kerberos, but no cluster is"
                + " configured (fs.defaultFS is file:///): point HADOOP_CONF_DIR at the secured cluster's configuration,"
                + " or give -fs hdfs://<namenode>");
    }

    @Test
    void reportsACredentialProblemOnOneLineWithoutUsage() {
        // What to do about credentials fits on the line; the command line's usage would only bury it.
        tool.failure = new BenchException(ErrorCode.DATANODE_PRINCIPAL_REQUIRED, "blockReport needs the DataNodes'"
                + " principal");

        assertThat(tool.run(new String[] {"-count", "3", "-noEmbedded"})).isEqualTo(2);
        assertThat(errLines()).containsExactly("Fake: blockReport needs the DataNodes' principal");
    }

    @Test
    void reportsAKerberosFailureWhileRunningOnOneLine() {
        tool.failure = new IOException("Failed on local exception: javax.security.sasl.SaslException: GSS initiate"
                + " failed", new javax.security.sasl.SaslException("GSS initiate failed", new org.ietf.jgss.GSSException(
                        org.ietf.jgss.GSSException.NO_CRED, -1, "Failed to find any Kerberos tgt")));

        assertThat(tool.run(new String[] {"-count", "7", "-noEmbedded"})).isEqualTo(1);
        assertThat(errLines()).containsExactly("Fake: Kerberos authentication failed while the program ran: No valid"
                + " credentials provided (Mechanism level: Failed to find any Kerberos tgt) (klist shows the ticket; run"
                + " kinit, or give -principal and -keytab, and run again)");
    }

    @Test
    void printsTheStackTraceOnlyInDebugMode() {
        tool.getConf().setBoolean(ExitMapping.DEBUG_KEY, true);
        tool.failure = new IllegalStateException("boom");

        assertThat(tool.run(new String[] {"-count", "7", "-noEmbedded"})).isEqualTo(1);
        assertThat(errLines().get(0)).isEqualTo("Fake: internal error: boom");
        assertThat(errLines()).anySatisfy(line -> assertThat(line).startsWith("\tat "));
    }

    @Test
    void samplesTheWholeRunAndSaysSoInTheSummaryAndTheResult() throws Exception {
        Path json = temp.resolve("fake.json");
        tool.reports = true;
        tool.getConf().setBoolean(ClusterSampling.ENABLED_KEY, true);

        assertThat(tool.runCommandLine(tool.getConf(), new String[] {"-count", "3", "-noEmbedded", "-resFile",
            temp.resolve("r.log").toString(), "-json", json.toString()})).isZero();

        // MapReduce runs in this process: this host is where everything ran, sampled from start to end.
        assertThat(out()).contains("----- Resource utilization: means over the whole run on every DataNode and"
                + " NodeManager host, sampled every 1 s -----\nSampled 1 of 1 hosts from ");
        BenchResult result = JsonResultReader.read(new StringReader(Files.readString(json)));
        assertThat(result.resources()).hasValueSatisfying(usage -> {
            assertThat(usage.coverage()).isEqualTo(ResourceUsage.Coverage.RUN);
            assertThat(usage.hosts()).extracting(HostUsage::host).containsExactly(HostSamples.localHost());
            assertThat(usage.hosts().get(0).sampleTimes()).isNotEmpty();
        });
        assertThat(Files.readString(temp.resolve("r.log"))).isEqualTo("Fake did 3 things\n");
    }

    @Test
    void writesJsonWithTheExactCommandLineAndTheEnvironment() throws Exception {
        Path json = temp.resolve("fake.json");
        tool.reports = true;
        String[] args = {"-D", "dfs.replication=2", "-count", "3", "-noEmbedded", "-resFile", temp.resolve("r.log").toString(),
                "-json", json.toString()};

        assertThat(tool.runCommandLine(tool.getConf(), args)).isZero();

        String text = Files.readString(json);
        ResultSchema.assertValid(text);
        BenchResult result = JsonResultReader.read(new StringReader(text));
        List<String> expected = new ArrayList<>(List.of("Fake"));
        expected.addAll(List.of(args));
        assertThat(result.environment().commandLine()).isEqualTo(expected);
        assertThat(result.environment().hbenchVersion()).isNotEqualTo("unknown");
        assertThat(result.environment().hadoopVersion()).isEqualTo(VersionInfo.getVersion());
        assertThat(result.environment().configuration())
                .containsEntry("embedded", "false")
                .containsEntry("fs.defaultFS", "file:///")
                .containsEntry("dfs.replication", "2")
                .containsEntry("mapreduce.framework.name", "local");
        assertThat(result.environment().clusterHadoopVersion()).isEmpty();
        assertThat(result.primaryMetrics()).extracting(Metric::value).containsExactly(3.0);
    }

    @Test
    void appendsTheResultLinesToTheResultFileItNamesOrItsDefault() throws Exception {
        Path resFile = temp.resolve("results.log");
        tool.reports = true;

        assertThat(tool.run(new String[] {"-count", "3", "-noEmbedded", "-resFile", resFile.toString()})).isZero();
        assertThat(tool.run(new String[] {"-count", "4", "-noEmbedded", "-resFile", resFile.toString()})).isZero();

        assertThat(Files.readAllLines(resFile)).containsExactly("Fake did 3 things", "Fake did 4 things");
        assertThat(out()).isEqualTo("Fake did 3 things\nFake did 4 things\n");
        assertThat(tool.run(new String[] {"-help"})).isZero();
        assertThat(out()).contains("-resFile <file>", "(default Fake_results.log)");
    }

    @Test
    void anOutputThatCannotBeWrittenIsRefusedBeforeTheProgramRuns() throws Exception {
        Path plain = Files.writeString(temp.resolve("plain"), "x");
        String[][] cases = {
            {"-json", "/proc/nope/x.json", "Fake: -json /proc/nope/x.json: no such directory /proc/nope"},
            {"-json", temp.toString(), "Fake: -json " + temp + ": is a directory"},
            {"-json", plain.resolve("x.json").toString(), "Fake: -json " + plain.resolve("x.json") + ": " + plain
                    + " is a file, not a directory"},
            {"-resFile", "/sys/r.log", "Fake: -resFile /sys/r.log: permission denied in /sys"},
        };
        tool.reports = true;
        for (String[] given : cases) {
            errBytes.reset();

            int status = tool.run(new String[] {"-count", "3", "-noEmbedded", given[0], given[1]});

            assertThat(status).as(given[1]).isEqualTo(2);
            assertThat(errLines()).as(given[1]).containsExactly(given[2]);
        }
        assertThat(tool.runCalls).as("run calls").isZero();
        assertThat(out()).isEmpty();
    }

    @Test
    void aFileHbenchDidNotWriteIsLeftAloneUnlessOverwriteIsGiven() throws Exception {
        Path notes = Files.writeString(temp.resolve("notes.json"), "my notes\n");
        Path log = Files.writeString(temp.resolve("notes.log"), "my log\n");
        tool.reports = true;

        assertThat(tool.run(new String[] {"-count", "3", "-noEmbedded", "-json", notes.toString()})).isEqualTo(2);
        assertThat(tool.run(new String[] {"-count", "3", "-noEmbedded", "-resFile", log.toString()})).isEqualTo(2);

        assertThat(errLines()).containsExactly(
                "Fake: -json " + notes + ": the file exists and is not an hbench result, so it is left alone: name"
                        + " another file, or add -overwrite to write to it anyway",
                "Fake: -resFile " + log + ": the file exists and is not Fake's result lines, so it is left alone: name"
                        + " another file, or add -overwrite to write to it anyway");
        assertThat(tool.runCalls).isZero();
        assertThat(Files.readString(notes)).isEqualTo("my notes\n");
        assertThat(Files.readString(log)).isEqualTo("my log\n");

        assertThat(tool.run(new String[] {"-count", "3", "-noEmbedded", "-overwrite", "-json", notes.toString(),
                "-resFile", log.toString()})).isZero();
        ResultSchema.assertValid(Files.readString(notes));
        assertThat(Files.readAllLines(log)).containsExactly("my log", "Fake did 3 things");
    }

    @Test
    void itsOwnEarlierResultIsReplacedAndNoTemporaryFileIsLeft() throws Exception {
        Path json = temp.resolve("fake.json");
        tool.reports = true;

        assertThat(tool.run(new String[] {"-count", "3", "-noEmbedded", "-json", json.toString()})).isZero();
        assertThat(tool.run(new String[] {"-count", "4", "-noEmbedded", "-json", json.toString()})).isZero();

        BenchResult result = JsonResultReader.read(new StringReader(Files.readString(json)));
        assertThat(result.primaryMetrics()).extracting(Metric::value).containsExactly(4.0);
        try (java.util.stream.Stream<Path> files = Files.list(temp)) {
            assertThat(files.map(file -> file.getFileName().toString())).containsExactly("fake.json");
        }
    }
}
