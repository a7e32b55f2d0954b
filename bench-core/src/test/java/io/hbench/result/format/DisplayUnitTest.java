package io.hbench.result.format;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.result.Unit;
import org.junit.jupiter.api.Test;

class DisplayUnitTest {
    private static final double MIB = 1 << 20;

    @Test
    void readsBytesPerSecondInMebibytesPerSecondWhateverTheirSize() {
        // RandBench's network throughput read 1538.041 MiB/s on the console and 1.502 GiB/s in the summary.
        assertThat(DisplayUnit.of("network_throughput", Unit.BYTES_PER_SECOND).text(1538.041 * MIB))
                .isEqualTo("1538.041 MiB/s");
        assertThat(DisplayUnit.of("bandwidth", Unit.BYTES_PER_SECOND).text(3 * 1024 * MIB)).isEqualTo("3072.000 MiB/s");
        assertThat(DisplayUnit.of("aggregate_throughput", Unit.BYTES_PER_SECOND).text(10 * 1024))
                .isEqualTo("0.00977 MiB/s");
    }

    @Test
    void readsDurationsInSecondsHoweverShort() {
        // A TPCx-HS phase read 881.306 ms in one row of a table and 2.186 s in the next.
        assertThat(DisplayUnit.of("phase_time", Unit.SECONDS).text(0.881306)).isEqualTo("0.881 s");
        assertThat(DisplayUnit.of("phase_time", Unit.SECONDS).text(2.186)).isEqualTo("2.186 s");
        assertThat(DisplayUnit.of("io_phase_time", Unit.SECONDS).text(0.877311)).isEqualTo("0.877 s");
        assertThat(DisplayUnit.of("elapsed_time", Unit.SECONDS).text(0.004)).isEqualTo("0.00400 s");
        assertThat(DisplayUnit.of("task_time", Unit.SECONDS).text(95)).isEqualTo("95.000 s");
    }

    @Test
    void readsLatenciesInMillisecondsHoweverLongOrShort() {
        // NNThroughputBenchmark's average time read 2.004 ms for one operation and 511.277 us for the next.
        assertThat(DisplayUnit.of("average_time", Unit.SECONDS).text(0.002004)).isEqualTo("2.004 ms");
        assertThat(DisplayUnit.of("average_time", Unit.SECONDS).text(0.000511277)).isEqualTo("0.511 ms");
        assertThat(DisplayUnit.of("io_call_latency", Unit.SECONDS).text(1.5)).isEqualTo("1500.000 ms");
        assertThat(DisplayUnit.of("open_latency", Unit.SECONDS).symbol()).isEqualTo("ms");
        assertThat(DisplayUnit.of("latency", Unit.SECONDS).text(0.000001)).isEqualTo("0.00100 ms");
        assertThat(DisplayUnit.of("complete_latency", Unit.SECONDS).symbol()).isEqualTo("ms");
        assertThat(DisplayUnit.of("read_after_write_latency", Unit.SECONDS).symbol()).isEqualTo("ms");
        assertThat(DisplayUnit.of("exchange_time", Unit.SECONDS).text(0.00002)).isEqualTo("0.0200 ms");
        assertThat(DisplayUnit.of("superstep_time", Unit.SECONDS).symbol()).isEqualTo("ms");
        assertThat(DisplayUnit.of("disk_latency", Unit.SECONDS).symbol()).isEqualTo("ms");
    }

    @Test
    void readsBytesInMebibytesAndTheLargestSizesInGibibytes() {
        assertThat(DisplayUnit.of("bytes", Unit.BYTES).text(256 * MIB)).isEqualTo("256.000 MiB");
        assertThat(DisplayUnit.of("network_bytes", Unit.BYTES).text(8800)).isEqualTo("0.00839 MiB");
        assertThat(DisplayUnit.of("data_bytes", Unit.BYTES).text(1e12)).isEqualTo("931.323 GiB");
        assertThat(DisplayUnit.of("net_received", Unit.BYTES).symbol()).isEqualTo("GiB");
        assertThat(DisplayUnit.of("net_received", Unit.BYTES_PER_SECOND).symbol()).isEqualTo("MiB/s");
    }

    @Test
    void readsOtherUnitsAsTheyAreWithoutAPrefix() {
        assertThat(DisplayUnit.of("cpu_user", Unit.PERCENT).text(93.1)).isEqualTo("93.100 %");
        assertThat(DisplayUnit.of("files", Unit.COUNT).text(4)).isEqualTo("4.000");
        assertThat(DisplayUnit.of("ops_per_second", Unit.OPERATIONS_PER_SECOND).text(20000))
                .isEqualTo("20000.000 ops/s");
        assertThat(DisplayUnit.of("hsph_at_sf", Unit.SCALE_FACTORS_PER_HOUR).text(0.0049)).isEqualTo("0.00490 sf/h");
    }

    @Test
    void neverReadsASmallFigureAsZero() {
        assertThat(DisplayUnit.of("job_time", Unit.SECONDS).format(0.0001234)).isEqualTo("0.000123");
        assertThat(DisplayUnit.of("latency", Unit.SECONDS).format(0)).isEqualTo("0.000");
        assertThat(DisplayUnit.of("throughput", Unit.BYTES_PER_SECOND).format(-0.05 * MIB)).isEqualTo("-0.0500");
    }
}
