package io.hbench.nnthroughput;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hbench.resources.HostNames;
import io.hbench.resources.JmxProbe;
import io.hbench.resources.JmxReader;
import io.hbench.result.HostUsage;
import io.hbench.testing.SecureCluster;
import io.hbench.testing.ToolRun;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.security.PrivilegedExceptionAction;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;
import org.apache.hadoop.net.NetUtils;
import org.apache.hadoop.security.UserGroupInformation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * NNThroughputBenchmark against a remote Kerberos-secured NameNode (service-level authorization on):
 * its RPCs authenticate as the keytab's principal, and blockReport's simulated DataNodes register only
 * as the DataNodes' principal, since registering hands a DataNode the cluster's block access keys.
 */
class SecureNnThroughputTest {
    @TempDir
    static Path temp;

    private static SecureCluster cluster;
    private static FileSystem superuser;

    @BeforeAll
    static void startCluster() throws Exception {
        cluster = SecureCluster.start(temp.resolve("cluster"), SecureNnThroughputTest.class, 1);
        superuser = cluster.superuserFileSystem();
    }

    @AfterAll
    static void stopCluster() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void createThenOpenOverRpcAsTheKeytabsPrincipal() throws Exception {
        String base = SecureCluster.HOME + "/nn";
        Path json = temp.resolve("create.json");
        ToolRun create = runAs(cluster.userPrincipal(), cluster.userKeytab(), "-op", "create", "-files", "20",
                "-threads", "2", "-keepResults", "-baseDirName", base, "-json", json.toString());

        assertThat(create.status).as(create.err).isZero();
        assertThat(create.out).contains("--- create stats  ---\n# operations: 20\n", "--- hbench create --- NameNode: "
                + cluster.dfs().getURI());
        List<FileStatus> files = files(base + "/create");
        assertThat(files).hasSize(20).allSatisfy(file -> assertThat(file.getOwner()).isEqualTo(SecureCluster.USER));
        JsonNode configuration = new ObjectMapper().readTree(Files.readString(json)).get("environment")
                .get("configuration");
        assertThat(configuration.get("kerberos.principal").asText()).isEqualTo(cluster.userPrincipal());

        ToolRun open = runAs(cluster.userPrincipal(), cluster.userKeytab(), "-op", "open", "-files", "20", "-threads",
                "2", "-keepResults", "-baseDirName", base);

        assertThat(open.status).as(open.err).isZero();
        assertThat(open.out).contains("--- open stats  ---\n# operations: 20\n");
    }

    @Test
    void blockReportAsAUserIsRefusedBeforeAnyDataNodeRegisters() throws Exception {
        ToolRun run = runAs(cluster.userPrincipal(), cluster.userKeytab(), "-op", "blockReport", "-datanodes", "2",
                "-reports", "4", "-blocksPerReport", "10", "-blocksPerFile", "5", "-baseDirName", "/tmp/reports-user");

        assertThat(run.status).isEqualTo(2);
        assertThat(run.err.lines()).containsExactly("NNThroughputBenchmark: -op blockReport registers simulated"
                + " DataNodes, and a Kerberos-secured NameNode takes DataNodes only as their own principal"
                + " (dfs.datanode.kerberos.principal hdfs/localhost@EXAMPLE.COM), since a DataNode that registers gets"
                + " the cluster's block access keys; this run is alice@EXAMPLE.COM: give -principal"
                + " hdfs/localhost@EXAMPLE.COM -keytab <that principal's keytab on this host>, or run blockReport on a"
                + " NameNode in this process (no -fs, -D hadoop.security.authentication=simple)");
        assertThat(superuser.exists(new org.apache.hadoop.fs.Path("/tmp/reports-user"))).isFalse();
        assertThat(liveDataNodes()).isEqualTo(1);
    }

    @Test
    void blockReportAsTheDataNodesPrincipalReportsAndLeavesNoDataNodeBehind() throws Exception {
        ToolRun run = runAs(cluster.hdfsPrincipal(), cluster.hdfsKeytab(), "-op", "blockReport", "-datanodes", "2",
                "-reports", "4", "-blocksPerReport", "10", "-blocksPerFile", "5", "-baseDirName", "/tmp/reports-dn");

        assertThat(run.status).as(run.err).isZero();
        assertThat(run.out).contains("--- blockReport stats  ---\n# operations: 4\n");
        assertThat(liveDataNodes()).as("the simulated DataNodes are removed").isEqualTo(1);
    }

    @Test
    void allAsAUserSkipsBlockReportAndSaysWhy() throws Exception {
        ToolRun run = runAs(cluster.userPrincipal(), cluster.userKeytab(), "-op", "all", "-files", "4", "-dirs", "4",
                "-datanodes", "2", "-reports", "2", "-blocksPerReport", "10", "-baseDirName", SecureCluster.HOME + "/all");

        assertThat(run.status).as(run.err).isZero();
        assertThat(run.err).contains("NNThroughputBenchmark: -op all skips blockReport: -op blockReport registers"
                + " simulated DataNodes, and a Kerberos-secured NameNode takes DataNodes only as their own principal");
        assertThat(run.out).contains("--- rename stats  ---").doesNotContain("--- blockReport stats  ---");
        assertThat(liveDataNodes()).isEqualTo(1);
    }

    /**
     * The cluster's web endpoints take only SPNEGO: a run reads a DataNode's metrics and the NameNode's slow-node
     * reports from /jmx as the user it logged in as; without Kerberos credentials each refusal is one line naming the
     * endpoint.
     */
    @Test
    void theDataNodesAndTheNameNodesJmxAreReadWithSpnegoAndARefusalIsOneLine() throws Exception {
        Configuration conf = cluster.clientConfiguration();
        // The cluster's own DataNode, not one blockReport's simulated DataNodes left in the NameNode's list.
        int transferPort = cluster.dfs().getDataNodes().get(0).getXferPort();
        DatanodeInfo dataNode = Arrays.stream(cluster.dfs().getFileSystem().getDataNodeStats(DatanodeReportType.LIVE))
                .filter(live -> live.getXferPort() == transferPort).findFirst().orElseThrow();
        UserGroupInformation alice = UserGroupInformation.loginUserFromKeytabAndReturnUGI(cluster.userPrincipal(),
                cluster.userKeytab().toString());
        ByteArrayOutputStream progress = new ByteArrayOutputStream();
        PrintStream toProgress = new PrintStream(progress, true, StandardCharsets.UTF_8);

        HostUsage sampled = alice.doAs((PrivilegedExceptionAction<HostUsage>) () -> {
            try (JmxReader reader = JmxReader.of(conf)) {
                return JmxProbe.sampled(conf, reader, dataNode, toProgress);
            }
        });
        List<JsonNode> beans = alice.doAs((PrivilegedExceptionAction<List<JsonNode>>) () -> JmxProbe.dataNodeBeans(
                conf, dataNode));
        JsonNode status = alice.doAs((PrivilegedExceptionAction<JsonNode>) () -> JmxProbe.nameNodeStatus(conf));
        alice.doAs((PrivilegedExceptionAction<Map<String, String>>) () -> JmxProbe.slowNodeReports(conf, toProgress));

        assertThat(progress.toString(StandardCharsets.UTF_8)).isEmpty();
        assertThat(sampled.unavailableReason()).isEmpty();
        assertThat(sampled.sampleTimes()).hasSize(2);
        assertThat(beans).extracting(bean -> bean.path("name").asText()).contains("Hadoop:service=DataNode,"
                + "name=DataNodeActivity-" + dataNode.getHostName() + "-" + dataNode.getXferPort());
        assertThat(status.path("State").asText()).isEqualTo("active");

        String dataNodeJmx = "https://" + dataNode.getHostName() + ":" + dataNode.getInfoSecurePort() + "/jmx";
        String nameNodeJmx = "https://" + NetUtils.getHostPortString(cluster.dfs().getNameNode().getHttpsAddress())
                + "/jmx";
        HostUsage refused;
        Map<String, String> reports;
        try (JmxReader withoutCredentials = JmxProbe.withoutCredentials(conf)) {
            refused = JmxProbe.sampled(conf, withoutCredentials, dataNode, toProgress);
            reports = JmxProbe.slowNodeReports(conf, withoutCredentials, toProgress);
        }

        assertThat(progress.toString(StandardCharsets.UTF_8).lines()).containsExactly(
                "hbench: resource sampler: " + HostNames.canonical(dataNode.getHostName()) + " is not sampled: its"
                        + " DataNode's metrics cannot be read (" + dataNodeJmx + " refused hbench: HTTP 401)",
                "hbench: HDFS's slow-node reports cannot be read: " + nameNodeJmx + " refused hbench: HTTP 401");
        assertThat(refused.unavailableReason()).hasValue("a DataNode host without a NodeManager: hbench can run nothing"
                + " there, and its DataNode's metrics cannot be read (" + dataNodeJmx + " refused hbench: HTTP 401)");
        assertThat(reports).isEmpty();
    }

    private static int liveDataNodes() {
        return cluster.dfs().getNamesystem().getBlockManager().getDatanodeManager().getNetworkTopology()
                .getNumOfLeaves();
    }

    private static List<FileStatus> files(String dir) throws Exception {
        List<FileStatus> files = new ArrayList<>();
        RemoteIterator<LocatedFileStatus> listing = superuser.listFiles(new org.apache.hadoop.fs.Path(dir), true);
        while (listing.hasNext()) {
            files.add(listing.next());
        }
        return files;
    }

    private static ToolRun runAs(String principal, Path keytab, String... args) throws Exception {
        List<String> withKeytab = new ArrayList<>(List.of(args));
        withKeytab.addAll(List.of("-principal", principal, "-keytab", keytab.toString()));
        return ToolRun.run(cluster.clientConfiguration(), NnThroughputTool::new, withKeytab.toArray(new String[0]));
    }
}
