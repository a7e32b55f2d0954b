package io.hbench.namenode;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.metadata.FsMetadataTool;
import io.hbench.nnthroughput.NnThroughputTool;
import io.hbench.replay.AuditReplayTool;
import io.hbench.testing.ToolRun;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each NameNode program resolves its {@code -fs} before the run: a nameservice the configuration leaves incomplete,
 * and {@code -failoverAt} where there is nothing to fail over, are one line and exit 2 while the command line is
 * parsed, before anything connects.
 */
class NameserviceOnProgramsTest {
    private static final String PROVIDER = "org.apache.hadoop.hdfs.server.namenode.ha.ConfiguredFailoverProxyProvider";
    private static final String NO_PROVIDER = "-fs hdfs://ns1: nameservice ns1 has no failover proxy provider: set"
            + " dfs.client.failover.proxy.provider.ns1 (e.g. to " + PROVIDER + ")";

    @TempDir
    Path dir;

    /** ns1 with two NameNodes at ports nothing listens on, and a failover provider unless {@code provider} is false. */
    private static Configuration nameservice(boolean provider) throws IOException {
        Configuration conf = new Configuration();
        conf.set("dfs.nameservices", "ns1");
        conf.set("dfs.ha.namenodes.ns1", "nn1,nn2");
        conf.set("dfs.namenode.rpc-address.ns1.nn1", "127.0.0.1:" + closedPort());
        conf.set("dfs.namenode.rpc-address.ns1.nn2", "127.0.0.1:" + closedPort());
        if (provider) {
            conf.set("dfs.client.failover.proxy.provider.ns1", PROVIDER);
        }
        return conf;
    }

    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static void assertRefused(ToolRun run, String program, String line) {
        assertThat(run.status).as(run.err).isEqualTo(2);
        assertThat(run.err.lines().findFirst()).hasValue(program + ": " + line);
        assertThat(run.err).doesNotContain("\tat ");
        assertThat(run.out).isEmpty();
    }

    @Test
    void nnThroughputBenchmarkRefusesANameserviceWithoutAFailoverProvider() throws Exception {
        assertRefused(ToolRun.runCommandLine(nameservice(false), NnThroughputTool::new, "-fs", "hdfs://ns1", "-op",
                "create", "-files", "1"), NnThroughputTool.NAME, NO_PROVIDER);
    }

    @Test
    void fsMetadataRefusesANameserviceWithoutAFailoverProvider() throws Exception {
        assertRefused(ToolRun.runCommandLine(nameservice(false), FsMetadataTool::new, "-fs", "hdfs://ns1", "-op",
                "create", "-files", "1"), FsMetadataTool.NAME, NO_PROVIDER);
    }

    @Test
    void auditReplayRefusesANameserviceWithoutAFailoverProvider() throws Exception {
        assertRefused(ToolRun.runCommandLine(nameservice(false), AuditReplayTool::new, "-fs", "hdfs://ns1",
                "-noResources", "-log", dir.resolve("audit.log").toString()), AuditReplayTool.NAME, NO_PROVIDER);
    }

    @Test
    void failoverAtOnOneNameNodeIsRefused() throws Exception {
        String fs = "hdfs://127.0.0.1:" + closedPort();
        assertRefused(ToolRun.runCommandLine(nameservice(true), NnThroughputTool::new, "-fs", fs, "-op", "create",
                "-files", "1", "-failoverAt", "1s"), NnThroughputTool.NAME, "-failoverAt fails a nameservice over from"
                + " one NameNode to another: -fs " + fs + " is one NameNode; give -fs hdfs://<nameservice> of HA"
                + " NameNodes");
    }

    @Test
    void failoverAtOnALocalFileSystemIsRefused() throws Exception {
        assertRefused(ToolRun.runCommandLine(new Configuration(), FsMetadataTool::new, "-op", "create", "-files", "1",
                "-baseDir", dir.toUri() + "fs", "-failoverAt", "1s"), FsMetadataTool.NAME, "-failoverAt fails an HDFS"
                + " nameservice over: give -fs hdfs://<nameservice>; the run is on file:///");
    }
}
