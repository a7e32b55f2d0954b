package io.hbench.nnthroughput;

import static java.util.Objects.requireNonNull;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.fs.FileLocks;
import io.hbench.fs.PrivateDirectory;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.protocol.ClientProtocol;
import org.apache.hadoop.hdfs.protocol.HdfsConstants;
import org.apache.hadoop.hdfs.server.namenode.NameNode;
import org.apache.hadoop.hdfs.server.protocol.DatanodeProtocol;
import org.apache.hadoop.hdfs.server.protocol.NamenodeProtocols;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.apache.hadoop.security.RefreshUserMappingsProtocol;
import org.apache.log4j.Level;
import org.apache.log4j.Logger;

/**
 * A NameNode started in this process, as Hadoop's benchmark does when no NameNode is configured:
 * operations call its RPC server object directly, with no network and no client, so the figures
 * are the NameNode's own limit. Its name directory lives in a directory of its own (marked, so that
 * hbench never takes over a directory it did not create) and persists between runs, so that
 * {@code -keepResults} and then {@code -useExisting} work as in Hadoop. The directory is formatted on
 * first use.
 */
final class StandaloneNameNode implements NameNodeTarget {
    static final String MARKER_FILE = ".hbench-nnthroughput";
    /** The file Hadoop's storage locks in a name directory while a NameNode uses it (Storage.STORAGE_FILE_LOCK). */
    private static final String LOCK_FILE = "in_use.lock";

    private static final String[] QUIET_LOGGERS = {"org.apache.hadoop.hdfs.server", "org.apache.hadoop.metrics2",
        "org.apache.hadoop.util.NativeCodeLoader", "org.apache.hadoop.http.HttpRequestLog",
        "org.apache.hadoop.security.authentication.server.AuthenticationFilter"};

    private final NameNode nameNode;
    private final NamenodeProtocols rpc;
    private final Path directory;
    private final Path excludeFile;
    private boolean closed;

    private StandaloneNameNode(NameNode nameNode, Path directory, Path excludeFile) {
        this.nameNode = nameNode;
        this.rpc = nameNode.getRpcServer();
        this.directory = directory;
        this.excludeFile = excludeFile;
    }

    /** The default directory: one per user under the system temporary directory. */
    static Path defaultDirectory() {
        return Paths.get(System.getProperty("java.io.tmpdir"), "hbench-nnthroughput-" + System.getProperty("user.name"));
    }

    /** Starts a NameNode on the name directory under {@code directory}, formatting it on first use. */
    static StandaloneNameNode start(Configuration base, Path directory) {
        requireNonNull(base, "base is null");
        Path dir = requireNonNull(directory, "directory is null").toAbsolutePath().normalize();
        prepare(dir);
        requireNotInUse(dir);
        quiet();
        // A second NameNode in one JVM (after formatting, or in tests) registers the same metrics sources.
        DefaultMetricsSystem.setMiniClusterMode(true);
        Configuration conf = new HdfsConfiguration(base);
        FileSystem.setDefaultUri(conf, "hdfs://localhost:0");
        conf.set(DFSConfigKeys.DFS_NAMENODE_HTTP_ADDRESS_KEY, "127.0.0.1:0");
        conf.set(DFSConfigKeys.DFS_NAMENODE_HTTPS_ADDRESS_KEY, "127.0.0.1:0");
        conf.set("hadoop.tmp.dir", dir.resolve("tmp").toString());
        conf.set(DFSConfigKeys.DFS_NAMENODE_NAME_DIR_KEY, dir.resolve("name").toUri().toString());
        conf.set(DFSConfigKeys.DFS_NAMENODE_EDITS_DIR_KEY, dir.resolve("name").toUri().toString());
        // As Hadoop's benchmark: no minimum block size, so files of 16-byte blocks can be created.
        conf.setLong(DFSConfigKeys.DFS_NAMENODE_MIN_BLOCK_SIZE_KEY, 0);
        conf.setInt(DFSConfigKeys.DFS_NAMENODE_SAFEMODE_EXTENSION_KEY, 0);
        // Simulated DataNodes heartbeat rarely: expire them after 40 minutes, not 10.
        conf.setLong(DFSConfigKeys.DFS_HEARTBEAT_INTERVAL_KEY, 3 * 60);
        Path hosts = dir.resolve("hosts");
        Path exclude = hosts.resolve("exclude");
        try {
            // Made and checked by hbench before Hadoop writes in them: none is a link, or another's.
            for (String sub : List.of("name", "tmp", "hosts")) {
                PrivateDirectory.claim(dir.resolve(sub));
            }
            writeHosts(exclude, List.of());
            writeHosts(hosts.resolve("include"), List.of());
        } catch (IOException e) {
            throw failed(dir, e);
        }
        conf.set(DFSConfigKeys.DFS_HOSTS_EXCLUDE, exclude.toString());
        conf.set(DFSConfigKeys.DFS_HOSTS, hosts.resolve("include").toString());
        try {
            if (!Files.exists(dir.resolve("name").resolve("current").resolve("VERSION"))) {
                NameNode.format(conf);
            }
            NameNode nameNode = NameNode.createNameNode(new String[0], conf);
            nameNode.getRpcServer().setSafeMode(HdfsConstants.SafeModeAction.SAFEMODE_LEAVE, false);
            return new StandaloneNameNode(nameNode, dir, exclude);
        } catch (IOException | RuntimeException e) {
            if (String.valueOf(e.getMessage()).contains("already locked")) {
                // Locked between the look and the start.
                throw inUse(dir);
            }
            throw failed(dir, e);
        }
    }

    /**
     * Refuses a name directory whose lock another NameNode holds, as Hadoop's storage takes it ({@value #LOCK_FILE},
     * a file lock): a NameNode that finds it locked logs a page of stack trace before it fails, so look first.
     */
    private static void requireNotInUse(Path dir) {
        Path lockFile = dir.resolve("name").resolve(LOCK_FILE);
        if (!Files.exists(lockFile)) {
            return;
        }
        try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS)) {
            FileLock lock = FileLocks.tryLock(channel);
            if (lock == null) {
                throw inUse(dir);
            }
            lock.release();
        } catch (IOException e) {
            // Whether it is in use cannot be told here; the NameNode's own start says what it finds.
        }
    }

    private static BenchException inUse(Path dir) {
        return new BenchException(ErrorCode.EMBEDDED_DIRECTORY_IN_USE, "the standalone NameNode directory " + dir
                + " is in use by another NNThroughputBenchmark; wait for it to finish or choose another"
                + " -standaloneDir");
    }

    /** Start-up warnings about facts of a single-process NameNode, which are not problems here. */
    private static void quiet() {
        for (String name : QUIET_LOGGERS) {
            Logger logger = Logger.getLogger(name);
            if (logger.getLevel() == null || logger.getLevel().isGreaterOrEqual(Level.WARN)) {
                logger.setLevel(Level.ERROR);
            }
        }
    }

    private static BenchException failed(Path dir, Exception e) {
        return new BenchException(ErrorCode.EMBEDDED_CLUSTER_FAILED, "the standalone NameNode in " + dir
                + " did not start: " + e.getMessage() + "; if its storage is damaged, remove that directory", e);
    }

    /**
     * The directory is this user's alone, or nothing is written in it: under a shared temporary directory another user
     * could have made it first, marker and all, with its hosts files linked to the victim's.
     */
    private static void prepare(Path dir) {
        try {
            PrivateDirectory.claimStorage(dir, "-standaloneDir", MARKER_FILE,
                    "Name directory of hbench's standalone NameNode. Delete this directory to reset it.\n");
        } catch (IOException e) {
            throw new BenchException(ErrorCode.EMBEDDED_CLUSTER_FAILED, "cannot create the standalone NameNode"
                    + " directory " + dir + ": " + e.getMessage(), e);
        }
    }

    @Override
    public ClientProtocol client() {
        return rpc;
    }

    @Override
    public DatanodeProtocol datanode() {
        return rpc;
    }

    @Override
    public RefreshUserMappingsProtocol userMappings() {
        return rpc;
    }

    @Override
    public boolean standalone() {
        return true;
    }

    @Override
    public Optional<NameNode> nameNode() {
        return Optional.of(nameNode);
    }

    @Override
    public String blockPoolId() {
        return nameNode.getNamesystem().getBlockPoolId();
    }

    @Override
    public String description() {
        return "standalone";
    }

    Path directory() {
        return directory;
    }

    /** Lists {@code hosts} in the hosts exclude file, as decommissioned; the NameNode reads it on refreshNodes. */
    void exclude(List<String> hosts) throws IOException {
        writeHosts(excludeFile, hosts);
    }

    /** One host a line, never through a link. */
    private static void writeHosts(Path file, List<String> hosts) throws IOException {
        try (OutputStream out = PrivateDirectory.overwrite(file)) {
            for (String host : hosts) {
                out.write((host + "\n").getBytes(StandardCharsets.UTF_8));
            }
        }
    }

    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            nameNode.stop();
            nameNode.join();
        }
    }
}
