package io.hbench.bsp.runners;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.bsp.BspJobResult;
import io.hbench.bsp.BspJobSpec;
import io.hbench.bsp.BspPeerTool;
import io.hbench.bsp.testing.Refusals;
import io.hbench.bsp.testing.TestPrograms;
import io.hbench.bsp.trust.RunSecret;
import io.hbench.testing.ToolRun;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Peers started by hand ({@code BspPeer}) join a ManualBspRunner's coordinator; BspPeer's usage errors. */
@Timeout(60)
class ManualModeTest {
    private static final String USAGE = "Run 'BspPeer -help' for usage.\n";

    @TempDir
    Path temp;

    @Test
    void peersStartedByHandJoinTheCoordinatorAndRunItsProgram() throws Exception {
        Path secretFile = temp.resolve("secret");
        RunSecret secret = RunSecret.readOrCreate(secretFile, () -> { });
        CompletableFuture<String> where = new CompletableFuture<>();
        ManualBspRunner runner = new ManualBspRunner(new Configuration(false), new InetSocketAddress("127.0.0.1", 0),
                secret).onListening(where::complete);
        ExecutorService threads = Executors.newFixedThreadPool(4);
        try {
            Future<BspJobResult> job = threads.submit(() -> runner.run(BspJobSpec.builder("manual",
                    TestPrograms.Hello.class).peers(3).arguments(TestPrograms.text("hi")).build()));
            String coordinator = where.get(30, TimeUnit.SECONDS);
            List<Future<ToolRun>> peers = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                peers.add(threads.submit(() -> peer("-coordinator", coordinator, "-secretFile", secretFile.toString(),
                        "-address", "127.0.0.1")));
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
    void aPeerWithAnotherRunsSecretIsRefusedAndTheCoordinatorSaysFromWhere() throws Exception {
        Path other = temp.resolve("other");
        RunSecret.readOrCreate(other, () -> { });
        Refusals refusals = new Refusals();
        CompletableFuture<String> where = new CompletableFuture<>();
        ManualBspRunner runner = new ManualBspRunner(new Configuration(false), new InetSocketAddress("127.0.0.1", 0),
                RunSecret.generate()).onListening(where::complete).onRefusal(refusals);
        ExecutorService threads = Executors.newFixedThreadPool(1);
        try {
            threads.submit(() -> runner.run(BspJobSpec.builder("manual", TestPrograms.Hello.class).peers(2).build()));
            String coordinator = where.get(30, TimeUnit.SECONDS);

            ToolRun run = peer("-coordinator", coordinator, "-secretFile", other.toString(), "-address", "127.0.0.1");

            assertThat(run.status).isEqualTo(1);
            assertThat(run.err).isEqualTo("BspPeer: the BSP coordinator at " + coordinator + " refused this peer's"
                    + " proof of the run's secret (a peer of another run?)\n");
            assertThat(refusals.await(1)).singleElement().asString().matches("the BSP coordinator at "
                    + Pattern.quote(coordinator) + " refused a connection from 127\\.0\\.0\\.1:\\d+, which did not"
                    + " prove the run's secret");
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void aSecretFileOthersCanReadIsRefusedBeforeAnythingConnects() throws Exception {
        Path open = temp.resolve("open");
        Files.writeString(open, "00112233445566778899aabbccddeeff");
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rw-r--r--"));
        Path shortSecret = temp.resolve("short");
        Files.writeString(shortSecret, "0011");
        Files.setPosixFilePermissions(shortSecret, PosixFilePermissions.fromString("rw-------"));

        assertThat(peer("-coordinator", "127.0.0.1:1", "-secretFile", open.toString())).satisfies(run -> usage(run,
                "BspPeer: -secretFile " + open + " can be read or changed by other users (mode rw-r--r--): run"
                        + " chmod 600 " + open + "\n"));
        assertThat(peer("-coordinator", "127.0.0.1:1", "-secretFile", shortSecret.toString())).satisfies(run ->
                usage(run, "BspPeer: -secretFile " + shortSecret + " does not hold a secret of at least 16 bytes as"
                        + " hexadecimal text (make one with: umask 077; openssl rand -hex 32 > " + shortSecret + ")\n"));
        assertThat(peer("-coordinator", "127.0.0.1:1", "-secretFile", temp.resolve("none").toString()))
                .satisfies(run -> refused(run, "BspPeer: -secretFile " + temp.resolve("none") + " does not exist\n"));
    }

    @Test
    void aPeerThatCannotReachItsCoordinatorSaysWhereAndExitsOne() throws Exception {
        int port;
        try (ServerSocket closed = new ServerSocket(0)) {
            port = closed.getLocalPort();
        }
        Path secretFile = temp.resolve("secret");
        RunSecret.readOrCreate(secretFile, () -> { });

        ToolRun run = peer("-coordinator", "127.0.0.1:" + port, "-secretFile", secretFile.toString(), "-address",
                "127.0.0.1");

        assertThat(run.status).isEqualTo(1);
        assertThat(run.err).isEqualTo("BspPeer: cannot connect to the BSP coordinator at 127.0.0.1:" + port
                + ": Connection refused\n");
    }

    @Test
    void aPeerNeedsNoKerberosTicketEvenWhenTheConfigurationIsSecured() throws Exception {
        int port;
        try (ServerSocket closed = new ServerSocket(0)) {
            port = closed.getLocalPort();
        }
        Path secretFile = temp.resolve("secret");
        RunSecret.readOrCreate(secretFile, () -> { });
        Configuration secured = new Configuration(false);
        secured.set("hadoop.security.authentication", "kerberos");

        ToolRun run = ToolRun.run(secured, BspPeerTool::new, "-coordinator", "127.0.0.1:" + port, "-secretFile",
                secretFile.toString(), "-address", "127.0.0.1");

        assertThat(run.err).as("it went straight to its coordinator").isEqualTo("BspPeer: cannot connect to the BSP"
                + " coordinator at 127.0.0.1:" + port + ": Connection refused\n");
    }

    @Test
    void badUsageIsOneLineAndExitTwo() throws Exception {
        assertThat(peer()).satisfies(run -> usage(run, "BspPeer: missing arguments\n"));
        assertThat(peer("-address", "127.0.0.1")).satisfies(run -> usage(run, "BspPeer: missing -coordinator <host:port>\n"));
        assertThat(peer("-coordinator", "h:1")).satisfies(run -> usage(run, "BspPeer: missing -secretFile <file>: a"
                + " copy of the file named by the coordinator's -secretFile\n"));
        assertThat(peer("-coordinator", "gateway")).satisfies(run -> usage(run,
                "BspPeer: -coordinator 'gateway' is not host:port with a port from 0 to 65535, e.g. 0.0.0.0:7077\n"));
        assertThat(peer("-coordinator", "h:1", "-secretFile", "s", "-ports", "9-1")).satisfies(run -> usage(run, "BspPeer: -ports 9-1: "
                + "expected a port range from-to with 1 <= from <= to <= 65535, or 0 for any free port\n"));
        assertThat(peer("-coordinator", "h:1", "-secretFile", "s", "-embedded")).satisfies(run -> usage(run,
                "BspPeer: -embedded: a BspPeer runs no cluster\n"));
    }

    private static void usage(ToolRun run, String message) {
        assertThat(run.status).isEqualTo(2);
        assertThat(run.out).isEmpty();
        assertThat(run.err).isEqualTo(message + USAGE);
    }

    /** Refused in the one line {@code message}: not the command line's shape, so no pointer to -help. */
    private static void refused(ToolRun run, String message) {
        assertThat(run.status).isEqualTo(2);
        assertThat(run.out).isEmpty();
        assertThat(run.err).isEqualTo(message);
    }

    private static ToolRun peer(String... args) throws Exception {
        return ToolRun.run(new Configuration(false), BspPeerTool::new, args);
    }
}
