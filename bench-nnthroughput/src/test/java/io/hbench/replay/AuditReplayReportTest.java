package io.hbench.replay;

import static io.hbench.testing.DefaultLocales.withDefaultLocale;
import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.load.CompletionGap;
import io.hbench.load.CompletionTimeline;
import io.hbench.result.BenchResult;
import io.hbench.result.Environment;
import io.hbench.result.TimeSeries;
import io.hbench.testing.GoldenFiles;
import io.hbench.testing.ResultSchema;
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

    @Test
    void aReplayOnANameserviceGivesItsLongestStretchWithoutACompletionAfterItsLateness() throws InterruptedException {
        AuditReplayResult replay = SeededReplays.mix(4);
        CompletionTimeline timeline = replay.outcome().load().timeline().orElseThrow();
        AuditReplayResult onNameservice = replay.withTimeline(timeline);
        BenchResult result = onNameservice.toBenchResult(Environment.builder().hbench("0.1.0", "abc")
                .hadoopVersion("3.4.2").java("17.0.15 (Debian)").os("Linux 6.1.0 amd64").clientHost("gw1").build());
        ResultSchema.assertValid(result);
        CompletionGap gap = timeline.longestGap();

        assertThat(replay.timeline()).as("off a nameservice").isEmpty();
        assertThat(AuditReplayReport.lines(replay)).noneMatch(line -> line.startsWith("Longest stretch"));
        List<String> lines = AuditReplayReport.lines(onNameservice);
        int lateness = lines.indexOf(lines.stream().filter(line -> line.startsWith("Lateness ")).findFirst()
                .orElseThrow());
        assertThat(lines.get(lateness + 1)).isEqualTo(gap.line());
        assertThat(result.metric("longest_completion_gap").orElseThrow().value())
                .isEqualTo(gap.length().toNanos() / 1e9);
        assertThat(result.metric("operations_waited_through_gap").orElseThrow().value()).isEqualTo(gap.waited());
        assertThat(result.timeSeries()).extracting(TimeSeries::id).containsExactly("completed_ops", "latency_mean",
                "latency_max");
        assertThat(result.timeSeries().get(0).values().stream().mapToDouble(Double::doubleValue).sum())
                .as("every replayed command, once").isEqualTo(replay.commands());
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
