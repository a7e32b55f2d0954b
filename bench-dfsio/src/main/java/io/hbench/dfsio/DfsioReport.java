package io.hbench.dfsio;

import io.hbench.result.Distribution;
import io.hbench.result.TimeSeries;
import io.hbench.result.Unit;
import io.hbench.result.format.DisplayUnit;
import io.hbench.units.DataSize;
import java.math.RoundingMode;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.DoubleUnaryOperator;
import org.apache.hadoop.fs.Path;

/**
 * The lines TestDFSIO prints and appends to its result file, label for label, then hbench's own
 * block. Operators' scripts parse the classic lines, so they never change: numbers as TestDFSIO
 * formats them ("#.##", half-even), but always with {@link Locale#ROOT} (TestDFSIO uses the default
 * locale, and prints "45,2" in Germany). New labels never contain a classic label, and none starts
 * with "Throughput", so a script's {@code grep Throughput} still finds one line.
 */
public final class DfsioReport {
    private static final DisplayUnit AGGREGATE = DisplayUnit.of("aggregate_throughput", Unit.BYTES_PER_SECOND);
    private static final DisplayUnit IO_PHASE = DisplayUnit.of("io_phase_time", Unit.SECONDS);
    private static final DisplayUnit TASK_THROUGHPUT = DisplayUnit.of("task_throughput", Unit.BYTES_PER_SECOND);
    private static final DisplayUnit IO_CALL_LATENCY = DisplayUnit.of("io_call_latency", Unit.SECONDS);
    private static final DisplayUnit OPEN_LATENCY = DisplayUnit.of("open_latency", Unit.SECONDS);
    private static final DisplayUnit SERIES = DisplayUnit.of("throughput", Unit.BYTES_PER_SECOND);
    private static final DisplayUnit BYTES = DisplayUnit.of("bytes", Unit.BYTES);
    /** Where hbench's labels end, as the classic block's do, one column further right. */
    private static final int LABEL_WIDTH = 29;
    /** Values of the per-second series printed on the console; JSON has them all. */
    static final int MAX_SERIES_VALUES = 30;
    /** Entries TestDFSIO did not write that -clean names; the rest are counted. */
    static final int MAX_NAMED_FOREIGN = 10;

    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("EEE MMM dd HH:mm:ss zzz yyyy", Locale.US);

    private DfsioReport() {
    }

    /**
     * What {@code -clean} removed, and the entries TestDFSIO did not write among it (the first
     * {@value #MAX_NAMED_FOREIGN} named), so nobody learns of a loss later.
     */
    public static List<String> cleanLines(CleanedDirectory cleaned) {
        List<String> lines = new ArrayList<>();
        lines.add(String.format(Locale.ROOT, "removed %s: %d %s, %s (%d bytes)", cleaned.directory(), cleaned.files(),
                cleaned.files() == 1 ? "file" : "files", BYTES.text(cleaned.bytes()), cleaned.bytes()));
        List<Path> foreign = cleaned.notWrittenByHbench();
        if (!foreign.isEmpty()) {
            StringBuilder named = new StringBuilder();
            for (int i = 0; i < Math.min(foreign.size(), MAX_NAMED_FOREIGN); i++) {
                named.append(i == 0 ? "" : ", ").append(foreign.get(i).toUri().getPath());
            }
            if (foreign.size() > MAX_NAMED_FOREIGN) {
                named.append(" and ").append(foreign.size() - MAX_NAMED_FOREIGN).append(" more");
            }
            lines.add("among them " + foreign.size() + (foreign.size() == 1 ? " entry" : " entries")
                    + " TestDFSIO did not write: " + named);
        }
        return lines;
    }

    /** TestDFSIO's result block, with its trailing empty line. */
    public static List<String> classicLines(DfsioResult result, ZonedDateTime now) {
        DecimalFormat df = twoDecimals();
        return List.of(
                "----- TestDFSIO ----- : " + result.options().operation().label(),
                "            Date & time: " + DATE.format(now),
                "        Number of files: " + result.tasks().size(),
                " Total MBytes processed: " + df.format(DataSize.toMebibytes(result.totalBytes())),
                "      Throughput mb/sec: " + df.format(result.throughputMbSec()),
                " Average IO rate mb/sec: " + df.format(result.averageIoRateMbSec()),
                "  IO rate std deviation: " + df.format(result.ioRateStdDevMbSec()),
                "     Test exec time sec: " + df.format(result.execTime().toNanos() / 1e9),
                "");
    }

    /**
     * What TestDFSIO never told: the cluster's throughput, distributions, and whether data was verified. Each figure
     * reads in the unit it reads in everywhere, which its label says.
     */
    public static List<String> hbenchLines(DfsioResult result) {
        DecimalFormat df = twoDecimals();
        List<String> lines = new ArrayList<>();
        lines.add("----- hbench TestDFSIO ----- : " + result.options().operation().label());
        lines.add(label("Aggregate throughput " + AGGREGATE.symbol())
                + df.format(AGGREGATE.convert(result.aggregateThroughputMbSec() * DataSize.MB))
                + "  (all bytes / IO phase wall time)");
        lines.add(label("IO phase wall time " + IO_PHASE.symbol())
                + df.format(IO_PHASE.convert(result.ioPhase().toNanos() / 1e9))
                + "  (first task start to last task end)");
        lines.add(label("Task throughput " + TASK_THROUGHPUT.symbol())
                + distribution(result.taskThroughput(), TASK_THROUGHPUT::convert, df)
                + (result.tasks().isEmpty() ? "" : ", stddev "
                + df.format(TASK_THROUGHPUT.convert(result.taskThroughput().stdDev()))));
        lines.add(label("IO call latency " + IO_CALL_LATENCY.symbol())
                + distribution(result.ioCallLatency(), seconds -> latency(IO_CALL_LATENCY, seconds), df));
        lines.add(label("Open latency " + OPEN_LATENCY.symbol())
                + distribution(result.openLatency(), seconds -> latency(OPEN_LATENCY, seconds), df)
                + (result.tasks().isEmpty() ? "" : "  (before each task's timed I/O)"));
        lines.add(label("All tasks " + SERIES.symbol() + " by second") + series(result.throughputOverTime(), df));
        if (!result.storeStatistics().isEmpty()) {
            lines.add(label("Store requests (count)") + result.storeStatistics().describe());
        }
        result.favoredPlacement().ifPresent(placement -> lines.add(favoredPlacement(placement)));
        result.dropBehind().ifPresent(answer -> lines.add(dropBehind(answer)));
        result.readLocality().ifPresent(locality -> lines.add(readLocality(locality, result.options().nrFiles())));
        lines.addAll(result.dataNodeBlocks().lines(DfsioReport::label));
        if (result.options().verify()) {
            lines.add(label("Data verified") + (result.failures().isEmpty()
                    ? "every byte read matched (" + df.format(BYTES.convert(result.totalBytes())) + " " + BYTES.symbol()
                            + ")"
                    : "FAILED in " + result.failures().size() + (result.failures().size() == 1 ? " file" : " files")));
        }
        for (String failure : result.failures()) {
            lines.add(label("FAILURE") + failure);
        }
        lines.add("");
        return lines;
    }

    /**
     * How many blocks the NameNode placed on the DataNodes {@code -dataNodes} named; when not all, why some went
     * elsewhere.
     */
    static String favoredPlacement(FavoredPlacement placement) {
        long elsewhere = placement.blocks() - placement.placed();
        return label("Blocks placed on -dataNodes") + placement.placed() + " of " + placement.blocks()
                + (elsewhere == 0 ? "" : "  (the NameNode placed " + elsewhere + (elsewhere == 1 ? " block" : " blocks")
                        + " elsewhere: it passes over a favored node that is not a live DataNode, is decommissioning,"
                        + " full or too busy)");
    }

    /**
     * Where a {@code -readFrom} read's tasks ran, as they found it, first the count it asked for; that YARN takes the
     * hosts asked for as preferences; and for how many of the {@code files} no host was as asked.
     */
    static String readLocality(ReadLocality locality, int files) {
        ReadFrom readFrom = locality.readFrom();
        String withReplica = " on a host with a replica of their file";
        String without = " on a host without a replica of their file";
        String text = readFrom == ReadFrom.OTHER
                ? locality.tasksElsewhere() + " of " + locality.tasks() + " tasks" + without + ", "
                        + locality.tasksOnReplicaHost() + " on a host with one"
                : locality.tasksOnReplicaHost() + " of " + locality.tasks() + " tasks" + withReplica + ", "
                        + locality.tasksElsewhere() + " on a host without one";
        if (readFrom == ReadFrom.ANY) {
            return label("Read from") + text + "  (-readFrom any asks for no host)";
        }
        text += "  (-readFrom " + readFrom.label() + " asks YARN for such hosts, which it takes as preferences";
        if (locality.filesWithoutHost() > 0) {
            text += "; " + (readFrom == ReadFrom.OTHER ? "every host that runs tasks holds" : "no host that runs tasks"
                    + " holds") + " a replica of " + locality.filesWithoutHost() + " of " + files + " files, whose"
                    + " tasks asked for no host";
        }
        return label("Read from") + text + ")";
    }

    /** Whether the files' streams accepted {@code -dropBehind}, and what that means. */
    static String dropBehind(DropBehind answer) {
        long files = answer.accepted() + answer.refused();
        String text;
        if (answer.refused() == 0) {
            text = "accepted by the streams of all " + files + (files == 1 ? " file" : " files")
                    + " (DataNodes with native I/O drop the pages behind them)";
        } else if (answer.accepted() == 0) {
            text = "refused by the streams of all " + files + (files == 1 ? " file" : " files")
                    + ": this file system's streams cannot drop pages behind";
        } else {
            text = "accepted by the streams of " + answer.accepted() + " of " + files + " files, refused by "
                    + answer.refused();
        }
        return label("Drop behind") + text;
    }

    /** The distribution in the line's unit, its base-unit values converted by {@code toLineUnit}. */
    private static String distribution(Distribution distribution, DoubleUnaryOperator toLineUnit, DecimalFormat df) {
        if (distribution.count() == 0) {
            return "none";
        }
        StringBuilder text = new StringBuilder("min ").append(df.format(toLineUnit.applyAsDouble(distribution.min())));
        for (Map.Entry<Double, Double> percentile : distribution.percentiles().entrySet()) {
            text.append(", p").append(df.format(percentile.getKey())).append(' ')
                    .append(df.format(toLineUnit.applyAsDouble(percentile.getValue())));
        }
        return text.append(", max ").append(df.format(toLineUnit.applyAsDouble(distribution.max()))).toString();
    }

    /** "   Aggregate throughput MiB/s: ", right-aligned as the classic block's labels are. */
    private static String label(String name) {
        return " ".repeat(Math.max(0, LABEL_WIDTH - name.length())) + name + ": ";
    }

    /**
     * A latency in its unit, rounded to thousandths of it. Latencies are recorded in whole microseconds, thousandths
     * of their millisecond: so the figure is exactly the recorded microseconds / 1000, however the divisions rounded.
     */
    private static double latency(DisplayUnit unit, double seconds) {
        return Math.round(unit.convert(seconds) * 1e3) / 1e3;
    }

    private static String series(TimeSeries series, DecimalFormat df) {
        List<Double> values = series.values();
        if (values.isEmpty()) {
            return "none";
        }
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < Math.min(values.size(), MAX_SERIES_VALUES); i++) {
            text.append(i == 0 ? "" : " ").append(df.format(SERIES.convert(values.get(i))));
        }
        if (values.size() > MAX_SERIES_VALUES) {
            text.append(" ... (").append(values.size() - MAX_SERIES_VALUES).append(" more seconds in -json)");
        }
        return text.toString();
    }

    private static DecimalFormat twoDecimals() {
        DecimalFormat df = new DecimalFormat("#.##", DecimalFormatSymbols.getInstance(Locale.ROOT));
        df.setRoundingMode(RoundingMode.HALF_EVEN);
        return df;
    }
}
