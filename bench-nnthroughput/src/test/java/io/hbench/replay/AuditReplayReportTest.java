package io.hbench.replay;

import static io.hbench.testing.DefaultLocales.withDefaultLocale;
import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.testing.GoldenFiles;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The lines, byte for byte, against golden files in src/test/resources/io/hbench/replay, in six default locales. Run
 * with {@code -Dhbench.golden.update=true} to rewrite them, then read the diff before committing.
 */
class AuditReplayReportTest {
    @ParameterizedTest
    @MethodSource("io.hbench.testing.DefaultLocales#locales")
    void linesMatchGoldenFileInEveryDefaultLocale(Locale locale) throws Exception {
        AuditReplayResult result = SeededReplays.mix(4);
        GoldenFiles.assertMatches(AuditReplayReportTest.class, "replay-mix-4x.txt",
                withDefaultLocale(locale, () -> AuditReplayReport.lines(result)));
    }

    @Test
    void theAnswerComesFirstAndSaysTheNameNodeKeptUp() throws InterruptedException {
        List<String> lines = AuditReplayReport.lines(SeededReplays.mix(4));

        assertThat(lines.get(0)).matches("replayed 2,000 commands of 7 kinds at 4\\.0x the logged rate: p99 [0-9.]+ ms;"
                + " [0-9.]+ % late; the NameNode kept up");
        assertThat(lines).contains("Log: 1 file, 2,012 lines; skipped 12 lines: 5 allowed=false, 2 unparsable,"
                + " 1 path outside -prefix, 4 listCachePools");
    }

    /** At 40x, 20,000 commands/s against one worker whose calls take 150 us on average: at most 6,667 commands/s. */
    @Test
    void aReplayThatFellBehindOnItsPoolSaysSoAndHowMuchThePoolCouldIssue() throws InterruptedException {
        String answer = AuditReplayReport.answer(SeededReplays.mix(40));

        assertThat(answer).startsWith("replayed 2,000 commands of 7 kinds at 40.0x the logged rate: p99 ")
                .containsPattern("; the replay ended [0-9,.]+ ms behind schedule: the NameNode's answers \\(mean"
                        + " service time [0-9.]+ ms\\) held -threads 1 to at most [0-9,]+ commands/s of the [0-9,]+"
                        + " asked; raise -threads$");
    }
}
