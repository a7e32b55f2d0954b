package io.hbench.dfsio;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.net.URI;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.util.Progressable;

/**
 * The local file system under the scheme {@code delayfs}, where opening a file (create, open) and
 * closing a written one take at least the configured times: what a task's clock includes can be
 * told from those known delays.
 */
public final class DelayingFileSystem extends RawLocalFileSystem {
    static final String SCHEME = "delayfs";
    static final String OPEN_DELAY_KEY = "test.delayfs.open.millis";
    static final String CLOSE_DELAY_KEY = "test.delayfs.close.millis";

    @Override
    public URI getUri() {
        return URI.create(SCHEME + ":///");
    }

    @Override
    public String getScheme() {
        return SCHEME;
    }

    @Override
    public FSDataOutputStream create(Path f, boolean overwrite, int bufferSize, short replication, long blockSize,
            Progressable progress) throws IOException {
        sleep(OPEN_DELAY_KEY);
        FSDataOutputStream out = super.create(f, overwrite, bufferSize, replication, blockSize, progress);
        return new FSDataOutputStream(new DelayedClose(out), statistics);
    }

    @Override
    public FSDataInputStream open(Path f, int bufferSize) throws IOException {
        sleep(OPEN_DELAY_KEY);
        return super.open(f, bufferSize);
    }

    private void sleep(String key) throws InterruptedIOException {
        try {
            Thread.sleep(getConf().getLong(key, 0));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted");
        }
    }

    private final class DelayedClose extends FilterOutputStream {
        DelayedClose(OutputStream out) {
            super(out);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
        }

        @Override
        public void close() throws IOException {
            sleep(CLOSE_DELAY_KEY);
            super.close();
        }
    }
}
