package io.hbench.dist;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * AuditReplay's result is an hbench result like any other: Compare sets two sets of replays side by side command by
 * command, and Report draws them, as a user runs them through the program driver.
 */
class ReplayComparisonTest {
    @TempDir
    Path dir;

    private final ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
    private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();

    private int bench(String... args) {
        outBytes.reset();
        errBytes.reset();
        return Main.run(args, new PrintStream(outBytes, true, StandardCharsets.UTF_8),
                new PrintStream(errBytes, true, StandardCharsets.UTF_8));
    }

    private String out() {
        return outBytes.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return errBytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void compareSetsTwoReplaysSideBySideCommandByCommandAndReportDrawsThem() throws Exception {
        Path log = dir.resolve("audit.log");
        assertThat(bench("AuditReplay", "-synthesize", "-mix", "create=1,open=4,getfileinfo=4,listStatus=1", "-rate",
                "100", "-duration", "1s", "-out", log.toString())).as(err()).isZero();
        for (String side : new String[] {"base", "new"}) {
            Files.createDirectories(dir.resolve(side));
            for (int run = 0; run < 3; run++) {
                int status = bench("AuditReplay", "-noResources", "-log", log.toUri().toString(), "-rateFactor", "10",
                        "-prefix", dir.toUri() + "replay", "-json", dir.resolve(side + "/run" + run + ".json")
                                .toString());
                assertThat(status).as(err()).isZero();
            }
        }

        int compared = bench("Compare", dir.resolve("base").toString(), "-vs", dir.resolve("new").toString(), "-csv");

        assertThat(compared).as(err()).isZero();
        for (String command : new String[] {"create", "open", "getfileinfo", "listStatus"}) {
            assertThat(out()).as(command).containsPattern("(?m)^ops_per_second,command=" + command + ",ops/s,higher,"
                    + "false,3,.*,3,");
            assertThat(out()).as(command).containsPattern("(?m)^late_fraction,command=" + command + ",");
        }
        Path page = dir.resolve("replays.html");
        int reported = bench("Report", "-out", page.toString(), dir.resolve("base").toString(), "-vs",
                dir.resolve("new").toString());
        assertThat(reported).as(err()).isZero();
        assertThat(Files.readString(page)).contains("AuditReplay", "getfileinfo");
    }
}
