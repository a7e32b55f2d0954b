package io.hbench.bsp.benchbase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbench.bsp.BspJobResult;
import io.hbench.bsp.BspJobSpec;
import io.hbench.bsp.BspPeer;
import io.hbench.bsp.BspProgram;
import io.hbench.bsp.SuperstepTiming;
import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The fake keeps the contract the programs rely on, so their tests mean something. */
class InMemoryBspRunnerTest {
    /**
     * After a first, empty superstep (so that every handler is in place before anything is sent), each peer sends
     * 10 bytes to the next and 3 to itself, waits for its 10, and reports what sync saw.
     */
    public static final class RingOfTen implements BspProgram {
        @Override
        public byte[] run(BspPeer peer, byte[] arguments) throws Exception {
            AtomicLong handled = new AtomicLong();
            peer.setMessageHandler((source, superstep, message) -> handled.addAndGet(message.remaining()));
            peer.sync();
            peer.send((peer.index() + 1) % peer.count(), new byte[10], 0, 10);
            peer.send(peer.index(), new byte[3], 0, 3);
            peer.awaitReceived((peer.index() + peer.count() - 1) % peer.count(), 10);
            SuperstepTiming timing = peer.sync();
            return Timings.encode(List.of(timing, new SuperstepTiming(peer.superstep(), 0, 0, 0, 0, 0, 0,
                    handled.get())));
        }
    }

    /** Fails on peer 1 before the barrier. */
    public static final class FailsOnPeerOne implements BspProgram {
        @Override
        public byte[] run(BspPeer peer, byte[] arguments) throws Exception {
            if (peer.index() == 1) {
                throw new IllegalStateException("broken");
            }
            peer.sync();
            return new byte[0];
        }
    }

    @Test
    void countsDeliversAndEndsTheSuperstepAtTheBarrier() throws Exception {
        BspJobResult result = InMemoryBspRunner.realTime(3).run(BspJobSpec.builder("t", RingOfTen.class).peers(3)
                .build());

        for (BspJobResult.PeerReport report : result.reports()) {
            List<SuperstepTiming> timings = Timings.decode(report.report());
            SuperstepTiming step = timings.get(0);
            assertThat(step.superstep()).isEqualTo(1);
            assertThat(step.messagesSent()).isEqualTo(2);
            assertThat(step.bytesSentRemote()).isEqualTo(10);
            assertThat(step.bytesSentLocal()).isEqualTo(3);
            assertThat(step.bytesReceived()).isEqualTo(13);
            assertThat(timings.get(1).superstep()).as("superstep after sync").isEqualTo(2);
            assertThat(timings.get(1).bytesReceived()).as("bytes the handler saw").isEqualTo(13);
        }
    }

    @Test
    void aRateLimitedPathTakesBytesOverRateAndTheBarrierWaitsForTheSlowest() throws Exception {
        BspJobResult result = InMemoryBspRunner.rateLimited(2, 1_000_000).run(
                BspJobSpec.builder("t", RingOfTen.class).peers(2).build());

        SuperstepTiming step = Timings.decode(result.reports().get(0).report()).get(0);
        assertThat(step.sendNanos()).as("10 bytes at 10^6 B/s").isEqualTo(10_000);
        assertThat(step.flushNanos()).isZero();
        assertThat(step.barrierNanos()).isZero();
    }

    @Test
    void aFailingPeerFailsTheJobNamingThePeer() {
        assertThatThrownBy(() -> InMemoryBspRunner.realTime(3).run(BspJobSpec.builder("t", FailsOnPeerOne.class)
                .peers(3).failureTimeout(Duration.ofSeconds(10)).build()))
                .isInstanceOf(BenchException.class)
                .hasMessage("peer 1 failed in superstep 0: java.lang.IllegalStateException: broken")
                .extracting(e -> ((BenchException) e).errorCode()).isEqualTo(ErrorCode.PEER_FAILED);
    }
}
