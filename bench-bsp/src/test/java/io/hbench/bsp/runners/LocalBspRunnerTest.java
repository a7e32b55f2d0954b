package io.hbench.bsp.runners;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.bsp.BspJobResult;
import io.hbench.bsp.BspJobSpec;
import io.hbench.bsp.BspPeer;
import io.hbench.bsp.BspProgram;
import io.hbench.bsp.BspSettings;
import io.hbench.bsp.testing.TestPrograms;
import io.hbench.resources.HostSamples;
import io.hbench.testing.Await;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The runtime over real loopback TCP, every peer a thread: rendezvous, barrier, delivery, flow control. */
@Timeout(60)
class LocalBspRunnerTest {
    private static Configuration conf(int bundleSize) {
        Configuration conf = new Configuration(false);
        conf.setInt(BspSettings.BUNDLE_SIZE_KEY, bundleSize);
        return conf;
    }

    @ParameterizedTest(name = "{0} peers, {1} barrier")
    @CsvSource({"2, direct", "3, direct", "6, direct", "13, direct", "2, dissemination", "3, dissemination",
            "6, dissemination", "8, dissemination", "13, dissemination"})
    void noPeerLeavesABarrierBeforeEveryPeerHasEnteredIt(int peers, String barrier) throws Exception {
        for (int i = 0; i < TestPrograms.CountingBarrier.STEPS; i++) {
            TestPrograms.CountingBarrier.ARRIVED.set(i, 0);
        }
        Configuration conf = conf(BspSettings.DEFAULT_BUNDLE_SIZE);
        conf.set(BspSettings.BARRIER_KEY, barrier);

        BspJobResult result = new LocalBspRunner(conf)
                .run(BspJobSpec.builder("barrier", TestPrograms.CountingBarrier.class).peers(peers).build());

        assertThat(result.reports()).hasSize(peers);
        for (int i = 0; i < peers; i++) {
            assertThat(TestPrograms.text(result.reports().get(i).report())).isEqualTo("peer " + i + " of " + peers);
            // By the name its resource samples and every task of the host carry, not the address peers connect to.
            assertThat(result.reports().get(i).host()).isEqualTo(HostSamples.localHost());
        }
        assertThat(result.end()).isAfterOrEqualTo(result.start());
    }

    @ParameterizedTest(name = "{0} barrier")
    @ValueSource(strings = {"direct", "dissemination"})
    void everyMessageArrivesOnceByteForByteToSelfAndOthersWhateverItsSize(String barrier) throws Exception {
        byte[] seed = ByteBuffer.allocate(Long.BYTES).putLong(20240501L).array();
        Configuration conf = conf(TestPrograms.Checksummed.BUNDLE);
        conf.set(BspSettings.BARRIER_KEY, barrier);

        BspJobResult result = new LocalBspRunner(conf)
                .run(BspJobSpec.builder("delivery", TestPrograms.Checksummed.class).peers(4).arguments(seed).build());

        for (BspJobResult.PeerReport report : result.reports()) {
            assertThat(TestPrograms.text(report.report())).as("peer " + report.peer()).isEqualTo("ok");
        }
    }

    @Test
    void aSenderBlocksWhileItsReceiverIsSlowInsteadOfBufferingWithoutBound() throws Exception {
        TestPrograms.SlowReceiver.ACCEPTED.set(0);
        CountDownLatch release = new CountDownLatch(1);
        TestPrograms.SlowReceiver.release = release;
        ExecutorService executor = Executors.newSingleThreadExecutor();
        try {
            Future<BspJobResult> job = executor.submit(() -> new LocalBspRunner(conf(4096))
                    .run(BspJobSpec.builder("flow", TestPrograms.SlowReceiver.class).peers(2).build()));

            // A sender that has not started holds nothing yet, and would prove nothing by it.
            Await.until("the sender's first bytes", Duration.ofSeconds(30), () -> {
                if (job.isDone()) {
                    job.get();
                }
                return TestPrograms.SlowReceiver.ACCEPTED.get() > 0;
            });
            long accepted = acceptedOnceStalled();
            release.countDown();
            BspJobResult result = job.get(50, TimeUnit.SECONDS);

            assertThat(accepted).as("bytes the sender got rid of while the receiver took nothing")
                    .isLessThan(TestPrograms.SlowReceiver.TOTAL / 2);
            assertThat(TestPrograms.text(result.reports().get(1).report()))
                    .isEqualTo(Long.toString(TestPrograms.SlowReceiver.TOTAL));
        } finally {
            release.countDown();
            executor.shutdownNow();
        }
    }

    /** Waits until the sender's count stops growing (or it has sent everything): what it holds then. */
    private static long acceptedOnceStalled() throws InterruptedException {
        long previous = -1;
        long now = TestPrograms.SlowReceiver.ACCEPTED.get();
        for (int rounds = 0; rounds < 100 && now != previous && now < TestPrograms.SlowReceiver.TOTAL; rounds++) {
            Thread.sleep(300);
            previous = now;
            now = TestPrograms.SlowReceiver.ACCEPTED.get();
        }
        return now;
    }

    @Test
    void messagesThatArriveBeforeTheHandlerIsSetWaitForIt() throws Exception {
        LateHandler.sent = new CountDownLatch(1);

        BspJobResult result = new LocalBspRunner(conf(BspSettings.DEFAULT_BUNDLE_SIZE))
                .run(BspJobSpec.builder("late handler", LateHandler.class).peers(3).build());

        assertThat(result.reports()).extracting(report -> TestPrograms.text(report.report()))
                .containsExactly("0 messages", "1 messages", "1 messages");
    }

    @Test
    void everyReportCarriesItsOwnPeersStartAndRunTimeWithinTheJob() throws Exception {
        BspJobResult result = new LocalBspRunner(conf(BspSettings.DEFAULT_BUNDLE_SIZE))
                .run(BspJobSpec.builder("late returns", ReturnsLateByIndex.class).peers(3).build());

        assertThat(result.reports()).allSatisfy(report -> {
            assertThat(report.start()).as("%s within %s to %s", report, result.start(), result.end())
                    .isAfter(result.start());
            assertThat(report.start().plus(report.duration()))
                    .as("%s within %s to %s", report, result.start(), result.end()).isBeforeOrEqualTo(result.end());
            assertThat(report.duration()).as("%s", report)
                    .isGreaterThanOrEqualTo(ReturnsLateByIndex.GAP.multipliedBy(report.peer()));
        });
    }

    /** Each peer returns {@code index} gaps after its program started: peers whose run times differ. */
    public static final class ReturnsLateByIndex implements BspProgram {
        static final Duration GAP = Duration.ofMillis(50);

        @Override
        public byte[] run(BspPeer peer, byte[] arguments) throws Exception {
            Thread.sleep(GAP.multipliedBy(peer.index()).toMillis());
            return new byte[0];
        }
    }

    /** Peer 0 sends to the others, which set their handler only after it has sent. */
    public static final class LateHandler implements BspProgram {
        static volatile CountDownLatch sent;

        @Override
        public byte[] run(BspPeer peer, byte[] arguments) throws Exception {
            int[] count = new int[1];
            if (peer.index() == 0) {
                peer.setMessageHandler((source, superstep, message) -> count[0]++);
                for (int other = 1; other < peer.count(); other++) {
                    peer.send(other, new byte[10], 0, 10);
                }
                sent.countDown();
            } else {
                sent.await();
                peer.setMessageHandler((source, superstep, message) -> count[0]++);
            }
            peer.sync();
            return TestPrograms.text(count[0] + " messages");
        }
    }
}
