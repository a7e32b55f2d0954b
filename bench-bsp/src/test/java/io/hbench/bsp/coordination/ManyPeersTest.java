package io.hbench.bsp.coordination;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.bsp.BspJobResult;
import io.hbench.bsp.BspJobSpec;
import io.hbench.bsp.RuntimeCensus;
import io.hbench.bsp.runners.LocalBspRunner;
import io.hbench.bsp.testing.TestPrograms;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A job of many peers in one JVM: each peer's threads and connections stay bounded, whatever the job's size. */
@Timeout(120)
class ManyPeersTest {
    private static final int PEERS = 128;

    @Test
    void aHundredAndTwentyEightPeersRunWithABoundedNumberOfThreadsAndConnectionsEach() throws Exception {
        BspJobResult result = new LocalBspRunner(new Configuration(false))
                .run(BspJobSpec.builder("many", TestPrograms.Partners.class).peers(PEERS).build());

        assertThat(result.reports()).hasSize(PEERS);
        for (BspJobResult.PeerReport report : result.reports()) {
            String text = TestPrograms.text(report.report());
            assertThat(text).as("peer " + report.peer()).startsWith("ok, at most ");
            int threads = Integer.parseInt(text.replaceAll("\\D", ""));
            assertThat(threads).as("threads of peer " + report.peer() + "'s runtime")
                    .isEqualTo(PeerRuntime.MAX_THREADS);
        }
    }

    @Test
    void eachPeerConnectsOnlyToItsBarrierPartnersAndWhereItsMessagesGo() throws Exception {
        assertThat(RuntimeCensus.sockets()).as("this test counts sockets in /proc/self/fd").isPresent();
        TestPrograms.SocketCount.reset();

        new LocalBspRunner(new Configuration(false))
                .run(BspJobSpec.builder("many", TestPrograms.SocketCount.class).peers(PEERS).build());

        // Per peer: its control connection (both ends are in this JVM), its data listener, and each outbound link
        // (both ends): one per round of the barrier and one per partner of the program's supersteps; and the
        // coordinator's listener, and a few the JVM opens on its own (name lookups). Every peer connected to every
        // other would be 128 x 257 sockets.
        int rounds = PeerRuntime.rounds(PEERS);
        int bound = PEERS * (2 + 1 + 2 * (rounds + TestPrograms.Partners.STEPS)) + 1 + 8;
        assertThat(TestPrograms.SocketCount.PEAK.get() - TestPrograms.SocketCount.BEFORE.get())
                .as("sockets of the job at its end, at most " + bound).isBetween(1L, (long) bound);
    }

}
