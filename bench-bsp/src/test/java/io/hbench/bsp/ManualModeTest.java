package io.hbench.bsp;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.testing.ToolRun;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Peers started by hand ({@code BspPeer}) join a ManualBspRunner's coordinator; BspPeer's usage errors. */
@Timeout(60)
class ManualModeTest {
    private static final String USAGE = "Usage: BspPeer -coordinator <host:port> [-address <bind address>]"
            + " [-ports <from-to>]\nRun 'BspPeer -help' for every option.\n";

    @Test
    void peersStartedByHandJoinTheCoordinatorAndRunItsProgram() throws Exception {
        CompletableFuture<String> where = new CompletableFuture<>();
        ManualBspRunner runner = new ManualBspRunner(new Configuration(false), new InetSocketAddress("127.0.0.1", 0))
                .onListening(where::complete);
        ExecutorService threads = Executors.newFixedThreadPool(4);
        try {
            Future<BspJobResult> job = threads.submit(() -> runner.run(BspJobSpec.builder("manual",
                    TestPrograms.Hello.class).peers(3).arguments(TestPrograms.text("hi")).build()));
            String coordinator = where.get(30, TimeUnit.SECONDS);
            List<Future<ToolRun>> peers = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                peers.add(threads.submit(() -> peer("-coordinator", coordinator, "-address", "127.0.0.1")));
            }

            BspJobResult result = job.get(30, TimeUnit.SECONDS);

            assertThat(result.reports()).extracting(report -> TestPrograms.text(report.report()))
                    .containsExactly("hello from 0 of 3", "hello from 1 of 3", "hello from 2 of 3");
            for (Future<ToolRun> peer : peers) {
                ToolRun run = peer.get(30, TimeUnit.SECONDS);
                assertThat(run.status).as(run.err).isZero();
                assertThat(run.out + run.err).isEmpty();
            }
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void aPeerThatCannotReachItsCoordinatorSaysWhereAndExitsOne() throws Exception {
        int port;
        try (ServerSocket closed = new ServerSocket(0)) {
            port = closed.getLocalPort();
        }

        ToolRun run = peer("-coordinator", "127.0.0.1:" + port, "-address", "127.0.0.1");

        assertThat(run.status).isEqualTo(1);
        assertThat(run.err).isEqualTo("BspPeer: cannot connect to the BSP coordinator at 127.0.0.1:" + port
                + ": Connection refused\n");
    }

    @Test
    void badUsageIsOneLineAndExitTwo() throws Exception {
        assertThat(peer()).satisfies(run -> usage(run, "BspPeer: missing arguments\n"));
        assertThat(peer("-address", "127.0.0.1")).satisfies(run -> usage(run, "BspPeer: missing -coordinator <host:port>\n"));
        assertThat(peer("-coordinator", "gateway")).satisfies(run -> usage(run,
                "BspPeer: -coordinator gateway: expected host:port, e.g. gateway.example.com:40000\n"));
        assertThat(peer("-coordinator", "h:1", "-ports", "9-1")).satisfies(run -> usage(run, "BspPeer: -ports 9-1: "
                + "expected a port range from-to with 1 <= from <= to <= 65535, or 0 for any free port\n"));
        assertThat(peer("-coordinator", "h:1", "-embedded")).satisfies(run -> usage(run,
                "BspPeer: -embedded: a BspPeer runs no cluster\n"));
    }

    private static void usage(ToolRun run, String message) {
        assertThat(run.status).isEqualTo(2);
        assertThat(run.out).isEmpty();
        assertThat(run.err).isEqualTo(message + USAGE);
    }

    private static ToolRun peer(String... args) throws Exception {
        return ToolRun.run(new Configuration(false), BspPeerTool::new, args);
    }
}
