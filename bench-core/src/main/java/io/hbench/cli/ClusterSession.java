package io.hbench.cli;

import static java.util.Objects.requireNonNull;

import io.hbench.embedded.ConfigurationSources;
import io.hbench.embedded.EmbeddedCluster;
import io.hbench.mapred.MapReduceFramework;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;
import org.apache.hadoop.util.VersionInfo;

/**
 * The cluster a program runs against: the configured one, or an embedded one started for this
 * program and stopped by {@link #close}, also when the benchmark fails.
 */
public final class ClusterSession implements AutoCloseable {
    /** How a program chooses between the configured cluster and an embedded one. */
    public enum EmbeddedMode {
        /** Embedded only when no cluster is configured (fs.defaultFS is file:/// and no -fs). */
        AUTO,
        /** Always embedded ({@code -embedded}). */
        FORCE,
        /** Never embedded ({@code -noEmbedded}): the configured file system, even a local one. */
        REFUSE
    }

    private final Configuration configuration;
    private final EmbeddedCluster embedded;

    private ClusterSession(Configuration configuration, EmbeddedCluster embedded) {
        this.configuration = configuration;
        this.embedded = embedded;
    }

    public static ClusterSession open(Configuration conf, EmbeddedMode mode, Path embeddedDir, PrintStream err) {
        requireNonNull(conf, "conf is null");
        requireNonNull(mode, "mode is null");
        requireNonNull(embeddedDir, "embeddedDir is null");
        if (mode == EmbeddedMode.REFUSE || mode == EmbeddedMode.AUTO && isClusterConfigured(conf)) {
            return new ClusterSession(conf, null);
        }
        err.println("hbench: " + (mode == EmbeddedMode.FORCE ? "" : "no cluster configured; ")
                + "starting an embedded cluster with storage in " + embeddedDir.toAbsolutePath()
                + " (-noEmbedded to use " + FileSystem.getDefaultUri(conf) + " instead)");
        EmbeddedCluster cluster = EmbeddedCluster.start(conf, embeddedDir);
        return new ClusterSession(cluster.clientConfiguration(), cluster);
    }

    /** A cluster is configured when fs.defaultFS is not the local file system, or someone chose it. */
    static boolean isClusterConfigured(Configuration conf) {
        URI uri = FileSystem.getDefaultUri(conf);
        return !"file".equals(uri.getScheme()) || ConfigurationSources.isSetExplicitly(conf, FileSystem.FS_DEFAULT_NAME_KEY);
    }

    public Configuration configuration() {
        return configuration;
    }

    public Optional<EmbeddedCluster> embedded() {
        return Optional.ofNullable(embedded);
    }

    /** Facts about the cluster for results: file system, Hadoop version, DataNodes, MapReduce framework. */
    public Map<String, String> facts() {
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("fs", FileSystem.getDefaultUri(configuration).toString());
        facts.put("embedded", Boolean.toString(embedded != null));
        facts.put("hadoop.version", VersionInfo.getVersion());
        facts.put("mapreduce.framework.name", MapReduceFramework.name(configuration));
        try {
            FileSystem fs = FileSystem.get(configuration);
            if (fs instanceof DistributedFileSystem) {
                facts.put("datanodes", Integer.toString(
                        ((DistributedFileSystem) fs).getDataNodeStats(DatanodeReportType.LIVE).length));
            }
        } catch (IOException e) {
            // Not every user may list DataNodes; the count is a nicety, not a requirement.
        }
        return facts;
    }

    @Override
    public void close() {
        if (embedded != null) {
            embedded.close();
        }
    }

}
