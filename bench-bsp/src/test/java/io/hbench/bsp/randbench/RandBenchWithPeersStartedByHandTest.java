package io.hbench.bsp.randbench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hbench.bsp.BspPeerTool;
import io.hbench.bsp.benchbase.BspRunnerFactory;
import io.hbench.testing.ToolRun;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
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
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code RandBench -listen}: no job and no cluster; the program tells where to point peers started by hand
 * with {@code BspPeer}, and runs on them as on map tasks.
 */
@Timeout(60)
class RandBenchWithPeersStartedByHandTest {
    @TempDir
    Path temp;

    @Test
    void peersStartedByHandRunRandBenchWithoutAnyClusterOrJob() throws Exception {
        Path json = temp.resolve("randbench.json");
        CompletableFuture<String> notice = new CompletableFuture<>();
        BspRunnerFactory production = BspRunnerFactory.production();
        BspRunnerFactory watched = (conf, settings, progress) -> production.create(conf, settings,
                new PrintStream(progress, true, StandardCharsets.UTF_8) {
                    @Override
                    public void println(String text) {
                        super.println(text);
                        if (text.startsWith("waiting for the peers")) {
                            notice.complete(text);
                        }
                    }
                });
        Path secretFile = temp.resolve("secret");
        ExecutorService threads = Executors.newFixedThreadPool(4);
        try {
            Future<ToolRun> bench = threads.submit(() -> ToolRun.run(new Configuration(),
                    (out, err) -> new RandBenchTool(out, err, watched), "2000", "20", "3", "-peers", "3", "-listen",
                    "127.0.0.1:0", "-secretFile", secretFile.toString(), "-json", json.toString()));
            String text = notice.get(30, TimeUnit.SECONDS);
            String coordinator = text.substring(text.indexOf(" -coordinator ") + " -coordinator ".length(),
                    text.indexOf(" -secretFile"));
            List<Future<ToolRun>> peers = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                peers.add(threads.submit(() -> ToolRun.run(new Configuration(), BspPeerTool::new, "-coordinator",
                        coordinator, "-secretFile", secretFile.toString(), "-address", "127.0.0.1")));
            }

            ToolRun run = bench.get(30, TimeUnit.SECONDS);

            assertThat(run.status).as(run.err).isZero();
            assertThat(run.err).doesNotContain("embedded cluster")
                    .contains("made " + secretFile + " with a new secret, readable by you alone: copy it to the peers'"
                            + " hosts\n")
                    .contains("waiting for the peers at " + coordinator + ": start each with bin/bench BspPeer"
                            + " -coordinator " + coordinator + " -secretFile " + secretFile + "\n");
            assertThat(Files.getPosixFilePermissions(secretFile)).containsExactlyInAnyOrder(
                    PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);
            assertThat(run.out).contains("RandBench: 3 peers on 1 host, 20 messages of 2000 bytes")
                    .contains("The total number of supersteps: 3\n");
            JsonNode result = new ObjectMapper().readTree(json.toFile());
            assertThat(result.get("jobs")).as("no job: the peers ran as none").isEmpty();
            assertThat(result.get("locations").get("listen").asText()).as("as given").isEqualTo("127.0.0.1:0");
            for (Future<ToolRun> peer : peers) {
                assertThat(peer.get(30, TimeUnit.SECONDS).status).isZero();
            }
        } finally {
            threads.shutdownNow();
        }
    }
}
