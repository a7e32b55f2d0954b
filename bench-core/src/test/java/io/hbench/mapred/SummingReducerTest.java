package io.hbench.mapred;

import java.util.ArrayList;
import java.util.List;

import io.hbench.stats.Histograms;
import org.HdrHistogram.Histogram;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SummingReducerTest {
    private static List<Text> texts(String... values) {
        List<Text> texts = new ArrayList<>();
        for (String value : values) {
            texts.add(new Text(value));
        }
        return texts;
    }

    @Test
    void sumsLongs() {
        assertThat(SummingReducer.combine("l:size", texts("3", "4", "-2", "10000000000"))).isEqualTo("10000000005");
    }

    @Test
    void sumsNoLongsToZero() {
        assertThat(SummingReducer.combine("l:tasks", texts())).isEqualTo("0");
    }

    @Test
    void rejectsLongSumThatOverflows() {
        assertThatThrownBy(() -> SummingReducer.combine("l:size", texts(Long.toString(Long.MAX_VALUE), "1")))
                .isInstanceOf(ArithmeticException.class);
    }

    @Test
    void sumsFloatingPointNumbers() {
        // 0.5 + 1.25 + 2 = 3.75, exact in binary
        assertThat(SummingReducer.combine("f:rate", texts("0.5", "1.25", "2"))).isEqualTo("3.75");
    }

    @Test
    void readsBackItsOwnFloatingPointOutputAsAnInput() {
        // combining is associative: a combiner's output is a valid reducer input
        String partial = SummingReducer.combine("f:rate", texts("1e20", "1e20"));

        assertThat(Double.parseDouble(SummingReducer.combine("f:rate", texts(partial, "1e20")))).isEqualTo(3e20);
    }

    @Test
    void joinsStringsWithSemicolons() {
        assertThat(SummingReducer.combine("s:hosts", texts("dn1", "dn2", "dn3"))).isEqualTo("dn1;dn2;dn3");
        assertThat(SummingReducer.combine("s:hosts", texts("only"))).isEqualTo("only");
        assertThat(SummingReducer.combine("s:hosts", texts())).isEmpty();
    }

    @Test
    void mergesHistograms() {
        Histogram first = Histograms.newHistogram();
        first.recordValue(10);
        first.recordValue(20);
        Histogram second = Histograms.newHistogram();
        second.recordValueWithCount(5, 3);
        second.recordValue(1_000_000);

        Histogram merged = Histograms.decode(SummingReducer.combine("h:latency",
                texts(Histograms.encode(first), Histograms.encode(second))));

        assertThat(merged.getTotalCount()).isEqualTo(first.getTotalCount() + second.getTotalCount()).isEqualTo(6);
        assertThat(merged.getMaxValue()).isEqualTo(Math.max(first.getMaxValue(), second.getMaxValue()));
        assertThat(merged.getMinValue()).isEqualTo(5);
        assertThat(merged.getCountAtValue(5)).isEqualTo(3);
    }

    @Test
    void rejectsKeyWithoutTypePrefixWithExactMessage() {
        assertThatThrownBy(() -> SummingReducer.combine("x:size", texts("1")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("key 'x:size' has no type prefix (l:, f:, s: or h:)");
    }
}
