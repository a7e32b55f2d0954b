package io.hbench.embedded;

import static java.util.Objects.requireNonNull;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.fs.FileLocks;
import io.hbench.fs.PrivateDirectory;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.util.ShutdownHookManager;

/**
 * A cluster for machines with no cluster: the in-process MapReduce runner, and as its default file
 * system either an HDFS with several DataNodes inside this process or an object store (S3Proxy, a
 * real S3 API server, in a process of its own, reached through S3A). Its storage lives in one
 * directory and survives the process, so a {@code -write} and a later {@code -read} see the same
 * files, as on a real cluster; deleting the directory resets it. A lock file keeps two programs
 * from opening the same storage at once.
 *
 * <p>Lifecycle: {@link #start} returns a running cluster; {@link #close} stops every NameNode
 * and DataNode thread, or the object store's process, and releases the lock. Closing twice is
 * harmless.
 */
public final class EmbeddedCluster implements AutoCloseable {
    /** What the embedded cluster keeps its files in. */
    public enum Storage {
        /** HDFS: a NameNode and DataNodes in this process. */
        HDFS,
        /** An S3 bucket, {@code s3a://hbench/}, served by S3Proxy in a process of its own. */
        S3
    }

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
    /** Null for an object store. */
    private final MiniDFSCluster dfs;
    /** Null for HDFS. */
    private final S3ProxyServer objectStore;
    private final URI fileSystemUri;
    private final Configuration clientConfiguration;
    private boolean closed;

    private EmbeddedCluster(Path directory, FileChannel lockChannel, FileLock lock, MiniDFSCluster dfs,
            S3ProxyServer objectStore, URI fileSystemUri, Configuration clientConfiguration) {
        this.directory = directory;
        this.lockChannel = lockChannel;
        this.lock = lock;
        this.dfs = dfs;
        this.objectStore = objectStore;
        this.fileSystemUri = fileSystemUri;
        this.clientConfiguration = clientConfiguration;
    }

    /** The default storage directory: one per user under the system temporary directory. */
    public static Path defaultDirectory() {
        return Paths.get(System.getProperty("java.io.tmpdir"), "hbench-embedded-" + System.getProperty("user.name"));
    }

    /** Starts a cluster on HDFS; see {@link #start(Configuration, Path, Storage)}. */
    public static EmbeddedCluster start(Configuration base, Path directory) {
        return start(base, directory, Storage.HDFS);
    }

    /**
     * Starts a cluster on the storage in {@code directory}, creating it on first use. HDFS keeps its
     * files in {@code directory/dfs}, the object store in {@code directory/s3}: one directory may
     * hold both, used one at a time.
     *
     * @param base configuration to start from (generic options such as {@code -D} are kept)
     */
    public static EmbeddedCluster start(Configuration base, Path directory, Storage storage) {
        requireNonNull(base, "base is null");
        requireNonNull(directory, "directory is null");
        requireNonNull(storage, "storage is null");
        if (storage == Storage.HDFS) {
            requireMiniCluster();
        }
        Path dir = directory.toAbsolutePath().normalize();
        if (!OPEN_IN_THIS_JVM.add(dir)) {
            throw inUse(dir);
        }
        FileChannel channel = null;
        FileLock lock = null;
        try {
            prepareDirectory(dir);
            channel = FileChannel.open(dir.resolve(LOCK_FILE), StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    LinkOption.NOFOLLOW_LINKS);
            lock = tryLock(channel, dir);
            EmbeddedLogging.quiet();
            if (storage == Storage.S3) {
                return startObjectStore(base, dir, channel, lock);
            }
            int dataNodes = dataNodes(base, dir);
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
            return new EmbeddedCluster(dir, channel, lock, dfs, null, dfs.getURI(), client);
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
     * The object store: S3Proxy serving one bucket, reached through S3A with the committer a cluster
     * on S3 would be set up with (the magic committer: job output written in place, no renames).
     * MapReduce's staging files go to the bucket too, as on a cluster whose default file system is
     * the store; hadoop.tmp.dir stays local for the task runner's own files.
     */
    private static EmbeddedCluster startObjectStore(Configuration base, Path dir, FileChannel channel, FileLock lock)
            throws IOException {
        S3ProxyServer server = S3ProxyServer.start(dir.resolve("s3"));
        Configuration conf = new Configuration(base);
        conf.set("hadoop.tmp.dir", dir.resolve("tmp").toString());
        server.configureClient(conf);
        setUnlessChosen(conf, "fs.s3a.committer.name", "magic");
        setUnlessChosen(conf, "fs.s3a.committer.magic.enabled", "true");
        Configuration client = clientConfiguration(conf, server.bucket(), dir);
        return new EmbeddedCluster(dir, channel, lock, null, server, server.bucket(), client);
    }

    private static void setUnlessChosen(Configuration conf, String key, String value) {
        if (!ConfigurationSources.isSetExplicitly(conf, key)) {
            conf.set(key, value);
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

    /**
     * The directory is this user's alone, or nothing is written in it: under a shared temporary directory another user
     * could have made it first, marker and all, with links to the victim's files in it.
     */
    private static void prepareDirectory(Path dir) {
        try {
            PrivateDirectory.claimStorage(dir, "-embeddedDir", MARKER_FILE,
                    "Storage of an hbench embedded cluster. Delete this directory to reset it.\n");
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
        if (Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
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
            try (OutputStream out = PrivateDirectory.overwrite(file)) {
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

    /**
     * Hadoop caches a file system per bucket and user: the next store on this bucket in this JVM listens on another
     * port with other credentials, so the cached client, which knows the old ones, is closed with its store.
     */
    private void closeCachedFileSystem() {
        try {
            FileSystem.get(fileSystemUri, clientConfiguration).close();
        } catch (IOException ignored) {
            // A client that cannot be closed holds no more than threads of an idle pool.
        }
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
        return fileSystemUri;
    }

    public Storage storage() {
        return dfs != null ? Storage.HDFS : Storage.S3;
    }

    /** The DataNodes of the embedded HDFS; none for an object store. */
    public int dataNodes() {
        return dfs != null ? dfs.getDataNodes().size() : 0;
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
            if (objectStore != null) {
                closeCachedFileSystem();
                objectStore.close();
            } else if (ShutdownHookManager.get().isShutdownInProgress()) {
                // The JVM is exiting (a run stopped by a signal): a DataNode cannot stop now, as it would remove a
                // shutdown hook of its own, which then saves its replicas as the JVM ends; the NameNodes close their
                // edit logs.
                EmbeddedLogging.silenceShutdown();
                dfs.shutdownNameNodes();
            } else {
                EmbeddedLogging.silenceShutdown();
                // Not dfs.shutdown(): it schedules the whole storage directory for deletion at exit.
                dfs.shutdownDataNodes();
                dfs.shutdownNameNodes();
            }
        } finally {
            release(lock, lockChannel);
            OPEN_IN_THIS_JVM.remove(directory);
        }
    }
}
