package io.hbench.cli;

import static java.util.Objects.requireNonNull;

import io.hbench.embedded.ConfigurationSources;
import io.hbench.embedded.EmbeddedCluster;
import io.hbench.environment.EnvironmentProbe;
import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.result.Environment;
import io.hbench.security.KerberosLogin;
import io.hbench.undo.RunUndo;
import io.hbench.undo.UndoLog;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

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
    private final UndoLog.Registration stopOnInterrupt;

    private ClusterSession(Configuration configuration, EmbeddedCluster embedded,
            UndoLog.Registration stopOnInterrupt) {
        this.configuration = configuration;
        this.embedded = embedded;
        this.stopOnInterrupt = stopOnInterrupt;
    }

    /** @param storage what an embedded cluster, if one starts, keeps its files in */
    public static ClusterSession open(Configuration conf, EmbeddedMode mode, Path embeddedDir,
            EmbeddedCluster.Storage storage, PrintStream err) {
        requireNonNull(conf, "conf is null");
        requireNonNull(mode, "mode is null");
        requireNonNull(embeddedDir, "embeddedDir is null");
        requireNonNull(storage, "storage is null");
        if (mode == EmbeddedMode.REFUSE || mode == EmbeddedMode.AUTO && isClusterConfigured(conf)) {
            return new ClusterSession(conf, null, UndoLog.Registration.NONE);
        }
        err.println("hbench: " + (mode == EmbeddedMode.FORCE ? "" : "no cluster configured; ")
                + "starting an embedded cluster" + (storage == EmbeddedCluster.Storage.S3 ? " on an S3 object store" : "")
                + " with storage in " + embeddedDir.toAbsolutePath()
                + " (-noEmbedded to use " + FileSystem.getDefaultUri(conf) + " instead)");
        EmbeddedCluster cluster = EmbeddedCluster.start(conf, embeddedDir, storage);
        // Registered first, so stopped last: after what the run made in it is undone.
        UndoLog.Registration stop = RunUndo.register("the embedded cluster", () -> {
            cluster.close();
            return Optional.of("stopped the embedded cluster");
        });
        return new ClusterSession(cluster.clientConfiguration(), cluster, stop);
    }

    /**
     * A Kerberos-secured run needs the secured cluster: an embedded cluster runs unsecured inside this process, and
     * with no cluster configured there is nothing secured to run on.
     */
    static void refuseEmbeddedWhenSecured(Configuration conf, EmbeddedMode mode) {
        if (!KerberosLogin.isKerberos(conf)) {
            return;
        }
        if (mode == EmbeddedMode.FORCE) {
            throw new BenchException(ErrorCode.CONFLICTING_OPTIONS, "-embedded starts an unsecured cluster in this"
                    + " process, but hadoop.security.authentication is kerberos: leave out -embedded to use the"
                    + " configured cluster, or give -D hadoop.security.authentication=simple");
        }
        if (!isClusterConfigured(conf)) {
            throw new BenchException(ErrorCode.NO_CLUSTER, "hadoop.security.authentication is kerberos, but no cluster"
                    + " is configured (fs.defaultFS is " + FileSystem.getDefaultUri(conf) + "): point HADOOP_CONF_DIR at"
                    + " the secured cluster's configuration, or give -fs hdfs://<namenode>");
        }
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

    /** The environment of a run on this cluster, with the command line that started it. */
    public Environment environment(List<String> commandLine) {
        return EnvironmentProbe.capture(configuration, embedded != null, commandLine);
    }

    @Override
    public void close() {
        if (RunUndo.stopping()) {
            // Stopped by a signal: the undo stops an embedded cluster last, once what the run made in it is removed.
            return;
        }
        stopOnInterrupt.close();
        if (embedded != null) {
            embedded.close();
        }
    }

}
