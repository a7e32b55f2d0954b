package io.hbench.bsp.testing;

import io.hbench.bsp.transport.LinkDecorator;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;
import java.util.concurrent.TimeUnit;

/**
 * Limits every peer-to-peer data link of a {@link io.hbench.bsp.runners.LocalBspRunner} to a rate, with a
 * token bucket: a link may send a burst of {@link #BURST} bytes at once, then as many bytes as the
 * rate allows for the time that passed. Use it to run the real runtime on a path whose rate a test
 * knows: {@code new LocalBspRunner(conf).withLinks(new TokenBucketLinks(bytesPerSecond))}.
 */
public final class TokenBucketLinks implements LinkDecorator {
    public static final int BURST = 16 * 1024;

    private final long bytesPerSecond;

    public TokenBucketLinks(long bytesPerSecond) {
        if (bytesPerSecond <= 0) {
            throw new IllegalArgumentException("the rate must be positive, not " + bytesPerSecond);
        }
        this.bytesPerSecond = bytesPerSecond;
    }

    @Override
    public WritableByteChannel decorate(int source, int destination, WritableByteChannel link) {
        return new Throttled(link, bytesPerSecond);
    }

    /** One link's bucket; used by one thread, as the runtime promises. */
    private static final class Throttled implements WritableByteChannel {
        private final WritableByteChannel link;
        private final long bytesPerSecond;
        private double tokens = BURST;
        private long refilled = System.nanoTime();

        Throttled(WritableByteChannel link, long bytesPerSecond) {
            this.link = link;
            this.bytesPerSecond = bytesPerSecond;
        }

        @Override
        public int write(ByteBuffer source) throws IOException {
            refill();
            while (tokens < 1) {
                long waitNanos = (long) ((1 - tokens) * TimeUnit.SECONDS.toNanos(1) / bytesPerSecond);
                try {
                    TimeUnit.NANOSECONDS.sleep(Math.max(waitNanos, 100_000));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new java.nio.channels.ClosedByInterruptException();
                }
                refill();
            }
            int allowed = (int) Math.min(source.remaining(), (long) tokens);
            int limit = source.limit();
            source.limit(source.position() + allowed);
            try {
                int written = link.write(source);
                tokens -= written;
                return written;
            } finally {
                source.limit(limit);
            }
        }

        private void refill() {
            long now = System.nanoTime();
            tokens = Math.min(BURST, tokens + (now - refilled) * (double) bytesPerSecond / TimeUnit.SECONDS.toNanos(1));
            refilled = now;
        }

        @Override
        public boolean isOpen() {
            return link.isOpen();
        }

        @Override
        public void close() throws IOException {
            link.close();
        }
    }
}
