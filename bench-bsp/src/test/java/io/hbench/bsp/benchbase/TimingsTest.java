package io.hbench.bsp.benchbase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbench.bsp.SuperstepTiming;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class TimingsTest {
    @Test
    void aReportDecodesToTheTimingsEncoded() {
        List<SuperstepTiming> timings = List.of(new SuperstepTiming(1, 2, 3, 4, 5, 6, 7, 8),
                new SuperstepTiming(2, 20, 30, 40, 50, 60, 70, 80));

        List<SuperstepTiming> decoded = Timings.decode(Timings.encode(timings));

        assertThat(decoded).extracting(SuperstepTiming::toString)
                .containsExactlyElementsOf(timings.stream().map(SuperstepTiming::toString)::iterator);
    }

    @Test
    void aTruncatedReportIsRefused() {
        byte[] report = Timings.encode(List.of(new SuperstepTiming(1, 2, 3, 4, 5, 6, 7, 8)));

        assertThatThrownBy(() -> Timings.decode(Arrays.copyOf(report, report.length - 1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("a peer report is truncated");
    }
}
