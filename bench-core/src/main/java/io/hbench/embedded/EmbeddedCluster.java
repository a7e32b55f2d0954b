package io.hbench.embedded;

import static java.util.Objects.requireNonNull;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.fs.FileLocks;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.MiniDFSCluster;

/**
 * An HDFS cluster with several DataNodes inside this process, plus the in-process MapReduce
 * runner, for machines with no cluster. Its storage lives in one directory and survives the
 * process, so a {@code -write} and a later {@code -read} see the same files, as on a real
 * cluster; deleting the directory resets it. A lock file keeps two programs from opening the
 * same storage at once.
 *
 * <p>Lifecycle: {@link #start} returns a running cluster; {@link #close} stops every NameNode
 * and DataNode thread and releases the lock. Closing twice is harmless.
 */
public final class EmbeddedCluster implements AutoCloseable {
    public static final int DEFAULT_DATA_NODES = 3;
    /** Configuration key for the number of DataNodes of a new embedded cluster. */
    public static final String DATA_NODES_KEY = "hbench.embedded.datanodes";
    /** Marks a directory as an embedded cluster's storage, created by hbench. */
    public static final String MARKER_FILE = ".hbench-embedded";
    /** Set in the client configuration of an embedded cluster, whose MapReduce runs in-process by design. */
    public static final String EMBEDDED_KEY = "hbench.embedded";

    private static final String MAP_TASKS_MAXIMUM_KEY = "mapreduce.local.map.tasks.maximum";
    private static final String LOCK_FILE = "lock";
    /** The class that tells whether hadoop-minicluster is on the classpath. */
    private static final String MINI_DFS_CLUSTER = "org.apache.hadoop.hdfs.MiniDFSCluster";
    private static final String DATA_NODES_PROPERTY = "datanodes";
    /**
     * Storage directories open in this JVM. File locks guard against other processes only, and on
     * Linux closing any channel to the lock file drops this process's lock, so a second start in
     * the same JVM is refused here, before the lock file is touched.
     */
    private static final Set<Path> OPEN_IN_THIS_JVM = ConcurrentHashMap.newKeySet();

    private final Path directory;
    private final FileChannel lockChannel;
    private final FileLock lock;
    private final MiniDFSCluster dfs;
    private final Configuration clientConfiguration;
    private boolean closed;

    private EmbeddedCluster(Path directory, FileChannel lockChannel, FileLock lock, MiniDFSCluster dfs,
            Configuration clientConfiguration) {
        this.directory = directory;
        this.lockChannel = lockChannel;
        this.lock = lock;
        this.dfs = dfs;
        this.clientConfiguration = clientConfiguration;
    }

    /** The default storage directory: one per user under the system temporary directory. */
    public static Path defaultDirectory() {
        return Paths.get(System.getProperty("java.io.tmpdir"), "hbench-embedded-" + System.getProperty("user.name"));
    }

    /**
     * Starts a cluster on the storage in {@code directory}, creating it on first use.
     *
     * @param base configuration to start from (generic options such as {@code -D} are kept)
     */
    public static EmbeddedCluster start(Configuration base, Path directory) {
        requireNonNull(base, "base is null");
        requireNonNull(directory, "directory is null");
        requireMiniCluster();
        Path dir = directory.toAbsolutePath().normalize();
        if (!OPEN_IN_THIS_JVM.add(dir)) {
            throw inUse(dir);
        }
        FileChannel channel = null;
        FileLock lock = null;
        try {
            prepareDirectory(dir);
            channel = FileChannel.open(dir.resolve(LOCK_FILE), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            lock = tryLock(channel, dir);
            int dataNodes = dataNodes(base, dir);
            EmbeddedLogging.quiet();
            Configuration conf = new Configuration(base);
            Path dfsDir = dir.resolve("dfs");
            conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, dfsDir.toString());
            conf.set("hadoop.tmp.dir", dir.resolve("tmp").toString());
            conf.setInt(DFSConfigKeys.DFS_NAMENODE_SAFEMODE_EXTENSION_KEY, 0);
            conf.setInt(DFSConfigKeys.DFS_REPLICATION_KEY, conf.getInt(DFSConfigKeys.DFS_REPLICATION_KEY,
                    Math.min(DFSConfigKeys.DFS_REPLICATION_DEFAULT, dataNodes)));
            boolean format = !Files.exists(dfsDir.resolve("name-0-1").resolve("current").resolve("VERSION"));
            MiniDFSCluster dfs = new MiniDFSCluster.Builder(conf, dfsDir.toFile())
                    .numDataNodes(dataNodes)
                    .format(format)
                    .manageNameDfsDirs(true)
                    .manageDataDfsDirs(true)
                    .build();
            dfs.waitClusterUp();
            dfs.waitActive();
            Configuration client = clientConfiguration(conf, dfs.getURI(), dir);
            return new EmbeddedCluster(dir, channel, lock, dfs, client);
        } catch (IOException | RuntimeException e) {
            release(lock, channel);
            OPEN_IN_THIS_JVM.remove(dir);
            if (e instanceof BenchException) {
                throw (BenchException) e;
            }
            throw new BenchException(ErrorCode.EMBEDDED_CLUSTER_FAILED,
                    "the embedded cluster in " + dir + " did not start: " + e.getMessage()
                            + "; if its storage is damaged, remove that directory to start afresh", e);
        }
    }

    /**
     * bench.jar run with {@code hadoop jar} has only the cluster's Hadoop on its classpath, which
     * has no minicluster: a gateway with no cluster configured must hear that in one line, not
     * meet a NoClassDefFoundError halfway through starting.
     */
    private static void requireMiniCluster() {
        try {
            Class.forName(MINI_DFS_CLUSTER, false, EmbeddedCluster.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            throw new BenchException(ErrorCode.NO_CLUSTER, "no cluster is configured, and this classpath cannot"
                    + " start an embedded one (it lacks hadoop-minicluster's " + MINI_DFS_CLUSTER + "): point"
                    + " HADOOP_CONF_DIR at the cluster's configuration or give -fs hdfs://<namenode>, or run"
                    + " bin/bench from a build of hbench for an embedded cluster");
        }
    }

    private static void prepareDirectory(Path dir) {
        try {
            if (Files.exists(dir) && !Files.exists(dir.resolve(MARKER_FILE))) {
                try (var entries = Files.list(dir)) {
                    if (entries.findAny().isPresent()) {
                        throw new BenchException(ErrorCode.UNSAFE_DIRECTORY, "-embeddedDir " + dir
                                + " holds files hbench did not create; choose an empty or new directory");
                    }
                }
            }
            Files.createDirectories(dir);
            if (!Files.exists(dir.resolve(MARKER_FILE))) {
                Files.writeString(dir.resolve(MARKER_FILE), "Storage of an hbench embedded cluster. Delete this directory to reset it.\n");
            }
        } catch (IOException e) {
            throw new BenchException(ErrorCode.EMBEDDED_CLUSTER_FAILED,
                    "cannot create the embedded cluster directory " + dir + ": " + e.getMessage(), e);
        }
    }

    private static FileLock tryLock(FileChannel channel, Path dir) throws IOException {
        FileLock lock = FileLocks.tryLock(channel);
        if (lock == null) {
            throw inUse(dir);
        }
        return lock;
    }

    private static BenchException inUse(Path dir) {
        return new BenchException(ErrorCode.EMBEDDED_DIRECTORY_IN_USE, "the embedded cluster in " + dir
                + " is in use by another hbench program; wait for it to finish or choose another -embeddedDir");
    }

    /** The DataNode count is fixed when the storage is created: changing it later would lose replicas. */
    private static int dataNodes(Configuration conf, Path dir) throws IOException {
        Path file = dir.resolve("cluster.properties");
        Properties properties = new Properties();
        if (Files.exists(file)) {
            try (InputStream in = Files.newInputStream(file)) {
                properties.load(in);
            }
        }
        String recorded = properties.getProperty(DATA_NODES_PROPERTY);
        String asked = conf.getTrimmed(DATA_NODES_KEY);
        if (asked != null) {
            int count;
            try {
                count = Integer.parseInt(asked);
            } catch (NumberFormatException e) {
                count = 0;
            }
            if (count < 1 || count > 32) {
                throw new BenchException(ErrorCode.INVALID_ARGUMENT,
                        "-D " + DATA_NODES_KEY + "=" + asked + ": the number of DataNodes must be from 1 to 32");
            }
            if (recorded != null && Integer.parseInt(recorded) != count) {
                throw new BenchException(ErrorCode.CONFLICTING_OPTIONS, "the embedded cluster in " + dir + " has "
                        + recorded + " DataNodes; remove that directory to start one with " + count);
            }
        }
        if (recorded == null) {
            recorded = asked != null ? asked.trim() : Integer.toString(DEFAULT_DATA_NODES);
            properties.setProperty(DATA_NODES_PROPERTY, recorded);
            try (OutputStream out = Files.newOutputStream(file)) {
                properties.store(out, "hbench embedded cluster");
            }
        }
        return Integer.parseInt(recorded);
    }

    private static Configuration clientConfiguration(Configuration conf, URI fs, Path dir) {
        Configuration client = new Configuration(conf);
        client.set("fs.defaultFS", fs.toString());
        client.set("mapreduce.framework.name", "local");
        client.setBoolean(EMBEDDED_KEY, true);
        client.set("mapreduce.cluster.local.dir", dir.resolve("mapred").resolve("local").toString());
        // Map tasks of benchmarks are I/O bound: run several at once, as a cluster would.
        if (!ConfigurationSources.isSetExplicitly(client, MAP_TASKS_MAXIMUM_KEY)) {
            client.setInt(MAP_TASKS_MAXIMUM_KEY, Math.max(4, Runtime.getRuntime().availableProcessors()));
        }
        return client;
    }

    private static void release(FileLock lock, FileChannel channel) {
        try {
            if (lock != null) {
                lock.release();
            }
            if (channel != null) {
                channel.close();
            }
        } catch (IOException ignored) {
            // Closing the channel on exit releases the lock anyway.
        }
    }

    /** Configuration for clients and jobs: the embedded HDFS as default file system, local MapReduce. */
    public Configuration clientConfiguration() {
        return new Configuration(clientConfiguration);
    }

    public URI fileSystemUri() {
        return dfs.getURI();
    }

    public int dataNodes() {
        return dfs.getDataNodes().size();
    }

    public Path directory() {
        return directory;
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            EmbeddedLogging.silenceShutdown();
            // Not dfs.shutdown(): it schedules the whole storage directory for deletion at exit.
            dfs.shutdownDataNodes();
            dfs.shutdownNameNodes();
        } finally {
            release(lock, lockChannel);
            OPEN_IN_THIS_JVM.remove(directory);
        }
    }
}
