package io.hbench.bsp.randbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbench.bsp.SuperstepTiming;
import io.hbench.bsp.benchbase.Timings;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A RandBench peer's report: its timings, and the bytes it sent to the peers it sent to, and to no other. */
class RandBenchReportTest {
    private static final List<SuperstepTiming> TIMINGS = List.of(new SuperstepTiming(1, 2, 3, 4, 5, 6, 7, 8));

    @Test
    void aPeerOfALargeJobReportsOnlyThePeersItSentTo() {
        long[] bytesTo = new long[100_000];
        bytesTo[7] = 4096;
        bytesTo[99_999] = 8192;

        byte[] report = RandBenchProgram.Report.encode(TIMINGS, bytesTo);
        RandBenchProgram.Report decoded = RandBenchProgram.Report.decode(report);

        assertThat(decoded.bytesTo).isEqualTo(Map.of(7, 4096L, 99_999, 8192L));
        assertThat(decoded.timings).hasToString(TIMINGS.toString());
        assertThat(report).hasSize(Timings.encode(TIMINGS).length + Integer.BYTES + 2 * (Integer.BYTES + Long.BYTES));
    }

    @Test
    void aTruncatedReportIsRefused() {
        byte[] report = RandBenchProgram.Report.encode(TIMINGS, new long[] {0, 100});

        assertThatThrownBy(() -> RandBenchProgram.Report.decode(Arrays.copyOf(report, report.length - 1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("a peer report is truncated");
    }
}
