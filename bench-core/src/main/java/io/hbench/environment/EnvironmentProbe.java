package io.hbench.environment;

import io.hbench.mapred.MapReduceFramework;
import io.hbench.resources.HostNames;
import io.hbench.result.Environment;
import io.hbench.security.KerberosLogin;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.NameNodeProxies;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;
import org.apache.hadoop.hdfs.server.protocol.NamenodeProtocol;
import org.apache.hadoop.ipc.RPC;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.util.VersionInfo;
import org.apache.hadoop.yarn.api.records.NodeState;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.exceptions.YarnException;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.stream.Collectors;

import static java.util.Objects.requireNonNull;

/**
 * Captures the {@link Environment} of a run on this client: what hbench, Hadoop, Java and the operating system are,
 * the cluster's NameNode version and DataNode count where the user may ask for them, and the settings that shape the
 * figures. Nothing here fails a run: a fact that cannot be learned is recorded as unknown.
 */
public final class EnvironmentProbe {
    /**
     * Set by Suite on each of its steps: the versioned definition of the suite the run was part of, so that runs of
     * suites of different definitions are never compared as like for like.
     */
    public static final String SUITE_DEFINITION_KEY = "hbench.suite.definition";
    /** The settings recorded, when set, because they change what a benchmark measures. */
    static final List<String> SHAPING_KEYS = List.of(
            "fs.defaultFS",
            "dfs.replication",
            "dfs.blocksize",
            "dfs.bytes-per-checksum",
            "dfs.client.write.packet.size",
            "io.file.buffer.size",
            "mapreduce.framework.name",
            "mapreduce.job.queuename",
            "yarn.resourcemanager.address",
            "mapreduce.map.memory.mb",
            "mapreduce.reduce.memory.mb",
            "mapreduce.job.reduce.slowstart.completedmaps",
            "hadoop.security.authentication",
            SUITE_DEFINITION_KEY);
    private static final String VERSION_RESOURCE = "/io/hbench/environment/hbench-version.properties";
    private static final String UNKNOWN = "unknown";
    /** The principal a Kerberos-secured run authenticated as. */
    static final String PRINCIPAL_KEY = "kerberos.principal";
    /** The live DataNodes: how many, and their hosts (comma-separated, by name). */
    public static final String DATANODES_KEY = "datanodes";
    public static final String DATANODE_HOSTS_KEY = "datanode_hosts";
    /** The running NodeManagers, on YARN: how many, and their hosts. */
    public static final String NODEMANAGERS_KEY = "nodemanagers";
    public static final String NODEMANAGER_HOSTS_KEY = "nodemanager_hosts";

    private EnvironmentProbe() {}

    /**
     * @param embedded whether {@code conf} is that of an embedded cluster hbench started for this run
     * @param commandLine the program name and its arguments as given; empty for a library call
     */
    public static Environment capture(Configuration conf, boolean embedded, List<String> commandLine) {
        requireNonNull(conf, "conf is null");
        requireNonNull(commandLine, "commandLine is null");
        Properties build = buildProperties();
        Environment.Builder environment = Environment.builder()
                .hbench(built(build, "version"), built(build, "commit")
                        + ("true".equals(build.getProperty("dirty")) ? " (modified)" : ""))
                .hadoopVersion(VersionInfo.getVersion())
                .java(System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")")
                .os(System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                        + System.getProperty("os.arch"))
                .clientHost(HostNames.local())
                .commandLine(commandLine)
                .configuration("embedded", Boolean.toString(embedded));
        for (String key : SHAPING_KEYS) {
            String value = key.equals("mapreduce.framework.name") ? MapReduceFramework.name(conf) : conf.getTrimmed(key);
            if (value != null) {
                environment.configuration(key, value);
            }
        }
        if (KerberosLogin.isKerberos(conf)) {
            environment.configuration(PRINCIPAL_KEY, principal());
        }
        addClusterFacts(conf, environment);
        if ("yarn".equals(MapReduceFramework.name(conf))) {
            addNodeManagers(conf, environment);
        }
        return environment.build();
    }

    /** Who ran the benchmark on a Kerberos-secured cluster: the principal, never a credential. */
    private static String principal() {
        try {
            return UserGroupInformation.getCurrentUser().getUserName();
        } catch (IOException e) {
            return UNKNOWN;
        }
    }

    /** The NameNode's version and the live DataNodes, when the default file system is HDFS. */
    private static void addClusterFacts(Configuration conf, Environment.Builder environment) {
        FileSystem fs;
        try {
            fs = FileSystem.get(conf);
        } catch (IOException e) {
            return;
        }
        if (!(fs instanceof DistributedFileSystem)) {
            return;
        }
        environment.clusterHadoopVersion(nameNodeVersion(conf));
        try {
            DatanodeInfo[] live = ((DistributedFileSystem) fs).getDataNodeStats(DatanodeReportType.LIVE);
            environment.configuration(DATANODES_KEY, Integer.toString(live.length));
            environment.configuration(DATANODE_HOSTS_KEY, Arrays.stream(live).map(DatanodeInfo::getHostName)
                    .map(HostNames::canonical).sorted().distinct().collect(Collectors.joining(",")));
        } catch (IOException e) {
            // Not every user may list DataNodes; the count is a nicety, not a requirement.
        }
    }

    /** The running NodeManagers' hosts, as YARN lists them to any user. */
    private static void addNodeManagers(Configuration conf, Environment.Builder environment) {
        try (YarnClient yarn = YarnClient.createYarnClient()) {
            yarn.init(conf);
            yarn.start();
            List<String> hosts = yarn.getNodeReports(NodeState.RUNNING).stream()
                    .map(node -> HostNames.canonical(node.getNodeId().getHost())).sorted().collect(Collectors.toList());
            environment.configuration(NODEMANAGERS_KEY, Integer.toString(hosts.size()));
            environment.configuration(NODEMANAGER_HOSTS_KEY, hosts.stream().distinct()
                    .collect(Collectors.joining(",")));
        } catch (IOException | YarnException | RuntimeException e) {
            // As with DataNodes: a fact for the report, never a reason to fail the run.
        }
    }

    /**
     * The NameNode's software version, or null if it cannot be asked: it may refuse users who are not superusers, and
     * its protocol is HDFS's own, not in the client API that Spark's distributions ship as Hadoop (hadoop-client-api).
     */
    private static String nameNodeVersion(Configuration conf) {
        NamenodeProtocol nameNode = null;
        try {
            nameNode = NameNodeProxies.createProxy(conf, FileSystem.getDefaultUri(conf), NamenodeProtocol.class)
                    .getProxy();
            return nameNode.versionRequest().getSoftwareVersion();
        } catch (IOException | RuntimeException | NoClassDefFoundError e) {
            return null;
        } finally {
            if (nameNode != null) {
                RPC.stopProxy(nameNode);
            }
        }
    }

    /** A build fact, or "unknown" when the build could not fill it in (a source tree outside git, say). */
    private static String built(Properties build, String name) {
        String value = build.getProperty(name, UNKNOWN);
        return value.isBlank() || value.startsWith("${") ? UNKNOWN : value;
    }

    /** hbench's version and commit, written into the jar when it was built. */
    static Properties buildProperties() {
        Properties properties = new Properties();
        try (InputStream in = EnvironmentProbe.class.getResourceAsStream(VERSION_RESOURCE)) {
            if (in != null) {
                properties.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return properties;
    }
}
