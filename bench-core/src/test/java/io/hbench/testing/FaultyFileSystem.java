package io.hbench.testing;

import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FSInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.util.Progressable;

/**
 * The local file system under the scheme {@code faulty:///}, misbehaving as a store hbench has met did
 * (an S3 server that kept nested directory markers, stored chunk-signed bodies raw, failed listings with HTTP 500,
 * died mid-write). Faults are chosen per configuration with {@link #configure}; every instance is a new one (the
 * configuration turns the cache off), so a test's faults never leak into the next, and MapReduce tasks in this JVM
 * (the local runner) meet the same faults from their job's configuration.
 *
 * <p>Built on {@link RawLocalFileSystem}, not the checksummed one: a corrupted body must reach the reader as
 * different bytes, as it does from a store, not as a checksum error.
 */
public final class FaultyFileSystem extends RawLocalFileSystem {
    public static final String SCHEME = "faulty";
    static final String FAULTS_KEY = "faulty.faults";
    static final String PATHS_KEY = "faulty.path.contains";
    static final String WRITE_LIMIT_KEY = "faulty.write.limit";

    /** What goes wrong. */
    public enum Fault {
        /**
         * A recursive delete of a directory that holds directories removes only its files, leaves the directories and
         * returns true: S3A over a store whose delimited listing hides prefixes with only nested markers.
         */
        KEEPS_NESTED_DIRECTORIES,
        /** Every read returns the stored bytes with the first byte of each 4 KiB flipped: a store mangling bodies. */
        CORRUPTS_READS,
        /** Every listing fails as an S3 listing answered with HTTP 500 does once S3A's retries are spent. */
        FAILS_LISTINGS,
        /** A write fails, as a dead server's connection does, after {@code faulty.write.limit} bytes (default 0). */
        DIES_MID_WRITE
    }

    private Set<Fault> faults = EnumSet.noneOf(Fault.class);
    private String faultedPaths = "";
    private long writeLimit;

    /**
     * Sets {@code conf} up for {@code faulty:///} paths with these faults, on paths whose string contains
     * {@code pathsContaining} ("" for every path).
     */
    public static Configuration configure(Configuration conf, String pathsContaining, Fault... faults) {
        conf.set("fs." + SCHEME + ".impl", FaultyFileSystem.class.getName());
        conf.setBoolean("fs." + SCHEME + ".impl.disable.cache", true);
        conf.set(FAULTS_KEY, Arrays.stream(faults).map(Fault::name).collect(Collectors.joining(",")));
        conf.set(PATHS_KEY, pathsContaining);
        return conf;
    }

    /** {@code dir}, a local directory, as a {@code faulty:///} path. */
    public static Path pathOf(java.nio.file.Path dir) {
        return new Path(SCHEME + "://" + dir.toAbsolutePath().toUri().getPath());
    }

    @Override
    public void initialize(URI uri, Configuration conf) throws IOException {
        super.initialize(uri, conf);
        faults = EnumSet.noneOf(Fault.class);
        for (String fault : conf.getTrimmedStrings(FAULTS_KEY)) {
            faults.add(Fault.valueOf(fault));
        }
        faultedPaths = conf.get(PATHS_KEY, "");
        writeLimit = conf.getLong(WRITE_LIMIT_KEY, 0);
    }

    @Override
    public URI getUri() {
        return URI.create(SCHEME + ":///");
    }

    @Override
    public String getScheme() {
        return SCHEME;
    }

    private boolean faulted(Fault fault, Path path) {
        return faults.contains(fault) && path.toString().contains(faultedPaths);
    }

    @Override
    public boolean delete(Path path, boolean recursive) throws IOException {
        if (!recursive || !faulted(Fault.KEEPS_NESTED_DIRECTORIES, path) || !super.exists(path)
                || !super.getFileStatus(path).isDirectory()) {
            return super.delete(path, recursive);
        }
        boolean nested = false;
        for (FileStatus entry : super.listStatus(path)) {
            if (entry.isDirectory()) {
                nested = true;
            } else {
                super.delete(entry.getPath(), false);
            }
        }
        return nested || super.delete(path, true);
    }

    @Override
    public FileStatus[] listStatus(Path path) throws IOException {
        if (faulted(Fault.FAILS_LISTINGS, path)) {
            throw new IOException("listing " + path + ": Internal Server Error (Service: S3, Status Code: 500)");
        }
        return super.listStatus(path);
    }

    @Override
    public FSDataInputStream open(Path path, int bufferSize) throws IOException {
        FSDataInputStream stored = super.open(path, bufferSize);
        return faulted(Fault.CORRUPTS_READS, path) ? new FSDataInputStream(new Corrupting(stored)) : stored;
    }

    @Override
    public FSDataOutputStream create(Path path, boolean overwrite, int bufferSize, short replication, long blockSize,
            Progressable progress) throws IOException {
        return dying(path, super.create(path, overwrite, bufferSize, replication, blockSize, progress));
    }

    @Override
    public FSDataOutputStream create(Path path, FsPermission permission, boolean overwrite, int bufferSize,
            short replication, long blockSize, Progressable progress) throws IOException {
        return dying(path, super.create(path, permission, overwrite, bufferSize, replication, blockSize, progress));
    }

    @Override
    public FSDataOutputStream createNonRecursive(Path path, FsPermission permission,
            EnumSet<org.apache.hadoop.fs.CreateFlag> flags, int bufferSize, short replication, long blockSize,
            Progressable progress) throws IOException {
        return dying(path, super.createNonRecursive(path, permission, flags, bufferSize, replication, blockSize,
                progress));
    }

    private FSDataOutputStream dying(Path path, FSDataOutputStream stored) throws IOException {
        if (!faulted(Fault.DIES_MID_WRITE, path)) {
            return stored;
        }
        return new FSDataOutputStream(new Dying(stored, writeLimit), null);
    }

    /** Writes until its limit, then fails as a refused connection does; whatever was written stays. */
    private static final class Dying extends OutputStream {
        private final OutputStream stored;
        private long left;

        Dying(OutputStream stored, long limit) {
            this.stored = stored;
            this.left = limit;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            if (len > left) {
                stored.write(b, off, (int) left);
                left = 0;
                throw new java.net.ConnectException("Connection refused");
            }
            stored.write(b, off, len);
            left -= len;
        }

        @Override
        public void flush() throws IOException {
            stored.flush();
        }

        @Override
        public void close() throws IOException {
            stored.close();
        }
    }

    /** The stored bytes with the first byte of every 4 KiB flipped. */
    private static final class Corrupting extends FSInputStream {
        private static final int EVERY = 4096;
        private final FSDataInputStream stored;

        Corrupting(FSDataInputStream stored) {
            this.stored = stored;
        }

        @Override
        public int read() throws IOException {
            long position = stored.getPos();
            int b = stored.read();
            return b < 0 || position % EVERY != 0 ? b : (b ^ 0xFF);
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            long position = stored.getPos();
            int read = stored.read(b, off, len);
            for (int i = 0; i < read; i++) {
                if ((position + i) % EVERY == 0) {
                    b[off + i] ^= (byte) 0xFF;
                }
            }
            return read;
        }

        @Override
        public void seek(long position) throws IOException {
            if (position < 0) {
                throw new EOFException("negative position " + position);
            }
            stored.seek(position);
        }

        @Override
        public long getPos() throws IOException {
            return stored.getPos();
        }

        @Override
        public boolean seekToNewSource(long target) {
            return false;
        }

        @Override
        public int available() throws IOException {
            return stored.available();
        }

        @Override
        public void close() throws IOException {
            stored.close();
        }
    }
}
