package io.hbench.result.format;

import static java.util.Objects.requireNonNull;

import io.hbench.result.Unit;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Map;

/**
 * The unit people read a figure in, wherever hbench writes for them: the programs' own lines, the findings, Suite's
 * summary, Compare's table and the report. It is a property of the figure, never of its value, so that one figure
 * reads the same in every place and every row of a table, whatever its size: bytes per second in MiB/s (2^20 bytes
 * per second, TestDFSIO's unit) but a link's capacity in Mbit/s (10^6 bits per second, as links are rated), bytes in
 * MiB, durations (phase, job, task and wall times) in s, latencies (of one
 * call, one operation, one exchange or one superstep, and their averages) in ms. This class is the one place that
 * choice is made; JSON and CSV keep base units.
 */
public final class DisplayUnit {
    private static final DisplayUnit MIB = new DisplayUnit("MiB", 1 << 20);
    private static final DisplayUnit GIB = new DisplayUnit("GiB", 1 << 30);
    private static final DisplayUnit MIB_PER_SECOND = new DisplayUnit("MiB/s", 1 << 20);
    private static final DisplayUnit SECONDS = new DisplayUnit("s", 1);
    private static final DisplayUnit MILLISECONDS = new DisplayUnit("ms", 1e-3);
    /** 10^6 bits per second, in bytes per second: links are rated in bits, decimally. */
    private static final DisplayUnit MEGABITS_PER_SECOND = new DisplayUnit("Mbit/s", 1e6 / 8);

    /**
     * Figures that do not read in their base unit's default, by identifier and base unit: the latencies, and the few
     * byte counts too large for MiB. An identifier names the same figure in every program.
     */
    private static final Map<String, DisplayUnit> BY_FIGURE = Map.ofEntries(
            figure("io_call_latency", Unit.SECONDS, MILLISECONDS),
            figure("open_latency", Unit.SECONDS, MILLISECONDS),
            figure("latency", Unit.SECONDS, MILLISECONDS),
            figure("complete_latency", Unit.SECONDS, MILLISECONDS),
            figure("read_after_write_latency", Unit.SECONDS, MILLISECONDS),
            figure("service_time", Unit.SECONDS, MILLISECONDS),
            figure("lateness", Unit.SECONDS, MILLISECONDS),
            figure("latency_p99", Unit.SECONDS, MILLISECONDS),
            figure("behind_schedule", Unit.SECONDS, MILLISECONDS),
            figure("average_time", Unit.SECONDS, MILLISECONDS),
            figure("exchange_time", Unit.SECONDS, MILLISECONDS),
            figure("superstep_time", Unit.SECONDS, MILLISECONDS),
            figure("disk_latency", Unit.SECONDS, MILLISECONDS),
            figure("datanode_ack_rtt", Unit.SECONDS, MILLISECONDS),
            figure("volume_read_latency", Unit.SECONDS, MILLISECONDS),
            figure("volume_write_latency", Unit.SECONDS, MILLISECONDS),
            // TPCx-HS's data sizes run from megabytes to petabytes.
            figure("data_bytes", Unit.BYTES, GIB),
            // What the sampled hosts moved over a whole run, summed: gigabytes on any real cluster.
            figure("net_received", Unit.BYTES, GIB),
            figure("net_sent", Unit.BYTES, GIB),
            figure("disk_read", Unit.BYTES, GIB),
            figure("disk_written", Unit.BYTES, GIB),
            figure("memory_total", Unit.BYTES, GIB),
            // A link's capacity, as NICs, switches and -linkSpeed rate it.
            figure("link_capacity", Unit.BYTES_PER_SECOND, MEGABITS_PER_SECOND));

    private final String symbol;
    private final double divisor;

    private DisplayUnit(String symbol, double divisor) {
        this.symbol = symbol;
        this.divisor = divisor;
    }

    private static Map.Entry<String, DisplayUnit> figure(String id, Unit unit, DisplayUnit display) {
        return Map.entry(key(id, unit), display);
    }

    private static String key(String id, Unit unit) {
        return id + " " + unit.symbol();
    }

    /** The unit people read figure {@code id}, of base unit {@code unit}, in. */
    public static DisplayUnit of(String id, Unit unit) {
        requireNonNull(id, "id is null");
        requireNonNull(unit, "unit is null");
        DisplayUnit display = BY_FIGURE.get(key(id, unit));
        return display != null ? display : byDefault(unit);
    }

    private static DisplayUnit byDefault(Unit unit) {
        switch (unit) {
            case BYTES:
                return MIB;
            case BYTES_PER_SECOND:
                return MIB_PER_SECOND;
            case SECONDS:
                return SECONDS;
            case PERCENT:
                return new DisplayUnit("%", 1);
            case COUNT:
            case RATIO:
                return new DisplayUnit("", 1);
            default:
                return new DisplayUnit(unit.symbol(), 1);
        }
    }

    /** "MiB/s", "ms"; empty for counts and ratios. */
    public String symbol() {
        return symbol;
    }

    /** How many base units one of this unit is: 2^20 for MiB/s, 0.001 for ms. */
    public double divisor() {
        return divisor;
    }

    /** {@code value}, in base units, in this unit. */
    public double convert(double value) {
        return value / divisor;
    }

    /**
     * {@code value}, in base units, in this unit with three decimals, rounded half up, '.' as decimal point, no
     * grouping; below 0.1, three significant digits instead, so that a small figure (a tiny scale factor's HSph@SF,
     * a fast call's latency) never reads as 0.000.
     */
    public String format(double value) {
        double scaled = convert(value);
        if (scaled != 0 && Math.abs(scaled) < 0.1) {
            return new BigDecimal(scaled).round(new MathContext(3, RoundingMode.HALF_UP)).toPlainString();
        }
        return fixed(scaled, 3);
    }

    /** {@code value}, in base units, as people read it: "17.465 MiB/s", "2.500 ms", "93.100 %", "4.000". */
    public String text(double value) {
        return format(value) + (symbol.isEmpty() ? "" : " " + symbol);
    }

    public static String fixed(double value, int decimals) {
        return new BigDecimal(value).setScale(decimals, RoundingMode.HALF_UP).toPlainString();
    }
}
