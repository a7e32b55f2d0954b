package io.hbench.dfsio;

import java.io.IOException;
import java.net.URI;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.s3a.S3AFileSystem;

/** S3A that counts the clients made of it ({@code fs.s3a.impl}): how many a run builds is then known exactly. */
public final class CountingS3AFileSystem extends S3AFileSystem {
    private static final AtomicInteger INITIALIZED = new AtomicInteger();

    /** How many clients have been initialized in this JVM. */
    static int initialized() {
        return INITIALIZED.get();
    }

    @Override
    public void initialize(URI name, Configuration originalConf) throws IOException {
        INITIALIZED.incrementAndGet();
        super.initialize(name, originalConf);
    }
}
