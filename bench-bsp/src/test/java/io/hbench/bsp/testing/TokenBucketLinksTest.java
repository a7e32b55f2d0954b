package io.hbench.bsp.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.bsp.BspJobResult;
import io.hbench.bsp.BspJobSpec;
import io.hbench.bsp.BspPeer;
import io.hbench.bsp.BspProgram;
import io.hbench.bsp.runners.LocalBspRunner;
import io.hbench.bsp.SuperstepTiming;
import java.nio.ByteBuffer;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * From another package, as a benchmark's accuracy test would: a throttled link never carries more than its rate
 * allows. Only that bound is asserted; how far below it a busy machine falls is not this test's business.
 */
@Timeout(60)
class TokenBucketLinksTest {
    private static final long RATE = 8L << 20;
    private static final long BYTES = 12L << 20;

    @Test
    void aThrottledLinkNeverCarriesMoreThanItsRateAndBurstAllow() throws Exception {
        BspJobResult result = new LocalBspRunner(new Configuration(false)).withLinks(new TokenBucketLinks(RATE))
                .run(BspJobSpec.builder("throttled", SendsToPeerOne.class).peers(2).build());

        ByteBuffer report = ByteBuffer.wrap(result.reports().get(0).report());
        long bytes = report.getLong();
        long nanos = report.getLong();
        assertThat(bytes).isEqualTo(BYTES);
        // In t seconds a bucket that holds at most BURST tokens lets through at most BURST + RATE * t bytes.
        assertThat(BYTES * 1_000_000_000L)
                .as("%d bytes in %d ns: at most %d per second plus a burst of %d", bytes, nanos, RATE,
                        TokenBucketLinks.BURST)
                .isLessThanOrEqualTo(TokenBucketLinks.BURST * 1_000_000_000L + RATE * nanos);
    }

    /** Peer 0 sends {@link #BYTES} to peer 1 and reports the bytes and the send and flush time. */
    public static final class SendsToPeerOne implements BspProgram {
        @Override
        public byte[] run(BspPeer peer, byte[] arguments) throws Exception {
            if (peer.index() == 0) {
                byte[] message = new byte[4096];
                for (long sent = 0; sent < BYTES; sent += message.length) {
                    peer.send(1, message, 0, message.length);
                }
            }
            SuperstepTiming timing = peer.sync();
            return ByteBuffer.allocate(16).putLong(timing.bytesSentRemote())
                    .putLong(timing.sendNanos() + timing.flushNanos()).array();
        }
    }
}
