package io.hbench.hs;

import io.hbench.datanodes.DataNodeBlocks;
import io.hbench.result.Unit;
import io.hbench.result.format.DisplayUnit;
import java.math.RoundingMode;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * Number formats of the programs' lines: always Locale.ROOT, so "0.50" in every country. The kit's lines keep the kit's
 * formats; hbench's own read each figure in the unit it reads in everywhere ({@link DisplayUnit}), which they name.
 */
final class HsReport {
    private static final DisplayUnit THROUGHPUT = DisplayUnit.of("throughput", Unit.BYTES_PER_SECOND);

    private HsReport() {
    }

    /** Exactly two decimals, half-up (the kit's printf "%.2f" in the C locale). */
    static String twoDecimals(double value) {
        DecimalFormat df = new DecimalFormat("0.00", DecimalFormatSymbols.getInstance(Locale.ROOT));
        df.setRoundingMode(RoundingMode.HALF_UP);
        return df.format(value);
    }

    /** Whole milliseconds as seconds with three decimals, as the kit's "Total Time" reads. */
    static String seconds(Duration duration) {
        long millis = duration.toMillis();
        return String.format(Locale.ROOT, "%d.%03d", millis / 1000, millis % 1000);
    }

    /** The unit the time figure {@code id} reads in: "s". */
    static String timeUnit(String id) {
        return DisplayUnit.of(id, Unit.SECONDS).symbol();
    }

    /**
     * The time figure {@code id} in its unit, from whole milliseconds as the kit's "Total Time", so that a phase
     * table's total agrees with the kit's line above it: "2.749".
     */
    static String time(String id, Duration duration) {
        return DisplayUnit.of(id, Unit.SECONDS).format(duration.toMillis() / 1000.0);
    }

    /**
     * The DataNode table ({@link DataNodeBlocks#lines}) as TestDFSIO prints it, each line led by the program:
     * "HSGen DataNode w1:9866 as first: 8 blocks, p50 52.1 MiB/s, p90 60.25 MiB/s, 1024 MiB". None off HDFS.
     */
    static List<String> dataNodeLines(String program, DataNodeBlocks blocks) {
        return blocks.lines(name -> program + " " + name + ": ");
    }

    /** The unit bytes per second read in: "MiB/s". */
    static String throughputUnit() {
        return THROUGHPUT.symbol();
    }

    /** {@code bytes} over {@code duration} in {@link #throughputUnit()}, two decimals. */
    static String throughput(long bytes, Duration duration) {
        long nanos = duration.toNanos();
        return twoDecimals(nanos == 0 ? 0 : THROUGHPUT.convert(bytes / (nanos / 1e9)));
    }
}
