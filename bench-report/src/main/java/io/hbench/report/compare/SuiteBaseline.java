package io.hbench.report.compare;

import static java.util.Objects.requireNonNull;

import io.hbench.cli.TerminalText;
import io.hbench.report.LoadedResult;
import io.hbench.report.suite.StepFile;
import io.hbench.report.suite.StepRecord;
import io.hbench.report.suite.SuiteRecord;
import io.hbench.result.HostUsage;
import io.hbench.result.Metric;
import io.hbench.result.MetricKey;
import io.hbench.result.ResourceUsage;
import io.hbench.result.Unit;
import io.hbench.result.format.DisplayUnit;
import io.hbench.result.format.MetricNames;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.commons.math3.stat.descriptive.SummaryStatistics;

/**
 * A suite against its baseline, step by step, as the TPCx-HS study tabulates settings: each step's time on both
 * sides with its change and its spread between repetitions (standard deviation over the mean), its primary figure's
 * change and whether it is significant (Mann-Whitney U, as Compare), and the hosts' resource summaries side by side.
 * Each side is one or more suite directories of one definition, each a repetition.
 */
public final class SuiteBaseline {
    /** The host figures set side by side: means over the sampled intervals, averaged over the repetitions. */
    private static final List<HostFigure> HOST_FIGURES = List.of(
            new HostFigure("CPU busy %", Unit.PERCENT, "cpu_user", "cpu_system"),
            new HostFigure("iowait %", Unit.PERCENT, "cpu_iowait"),
            new HostFigure("network rx + tx", Unit.BYTES_PER_SECOND, "net_received", "net_sent"),
            new HostFigure("disk read + written", Unit.BYTES_PER_SECOND, "disk_read", "disk_written"),
            new HostFigure("disk await", Unit.SECONDS, "disk_latency"));

    private final List<Path> baseDirs;
    private final List<Path> nextDirs;
    private final List<Row> rows;

    private SuiteBaseline(List<Path> baseDirs, List<Path> nextDirs, List<Row> rows) {
        this.baseDirs = List.copyOf(baseDirs);
        this.nextDirs = List.copyOf(nextDirs);
        this.rows = List.copyOf(rows);
    }

    /** One step on both sides. */
    public static final class Row {
        private final String step;
        private final Optional<Sample> baseTime;
        private final Optional<Sample> nextTime;
        private final Optional<Comparison> comparison;
        private final Map<String, String[]> hostFigures;
        private final double alpha;

        Row(String step, Optional<Sample> baseTime, Optional<Sample> nextTime, Optional<Comparison> comparison,
                Map<String, String[]> hostFigures, double alpha) {
            this.step = step;
            this.baseTime = baseTime;
            this.nextTime = nextTime;
            this.comparison = comparison;
            this.hostFigures = hostFigures;
            this.alpha = alpha;
        }

        public String step() {
            return step;
        }

        /** Seconds, median over the side's repetitions, then the change in percent, signed. */
        public String baseTime() {
            return baseTime.map(time -> DisplayUnit.fixed(time.median(), 1)).orElse("-");
        }

        public String nextTime() {
            return nextTime.map(time -> DisplayUnit.fixed(time.median(), 1)).orElse("-");
        }

        /**
         * The change in percent, signed; "~" where the runs show no significant difference. With too few runs to
         * tell, the change is shown and the significance column says so: one suite against one baseline is the
         * common case, and the study's table gives its change.
         */
        public String timeChange() {
            if (baseTime.isEmpty() || nextTime.isEmpty() || baseTime.get().median() == 0) {
                return "-";
            }
            return change((nextTime.get().median() / baseTime.get().median() - 1) * 100,
                    Significance.test(baseTime.get(), nextTime.get(), alpha));
        }

        /** The sample standard deviation of a side's times over their mean, in percent; "-" under two runs. */
        public String baseTimeSpread() {
            return spread(baseTime);
        }

        public String nextTimeSpread() {
            return spread(nextTime);
        }

        /** Whether the times differ, by the same test Compare uses: "~" when not shown, else p. */
        public String timeSignificance() {
            if (baseTime.isEmpty() || nextTime.isEmpty()) {
                return "-";
            }
            return verdict(Significance.test(baseTime.get(), nextTime.get(), alpha));
        }

        /** The primary figures' change: one figure's, or the geometric mean of several's; "-" if not compared. */
        public String primaryChange() {
            if (comparison.isEmpty()) {
                return "-";
            }
            List<MetricComparison> primaries = primaries();
            if (primaries.size() == 1) {
                MetricComparison only = primaries.get(0);
                return change(only.changePercent(), only.significance());
            }
            return comparison.get().primaryGeomeanChangePercent().stream()
                    .mapToObj(change -> signed(change) + " % (geomean of " + primaries.size() + ")").findFirst()
                    .orElse("-");
        }

        /** The primary figure on both sides, "12.109 MiB/s -> 11.838 MiB/s", for a step with one. */
        public String primaryFigures() {
            List<MetricComparison> primaries = comparison.isPresent() ? primaries() : List.of();
            if (primaries.size() != 1) {
                return primaries.isEmpty() ? "-" : primaries.size() + " figures";
            }
            MetricComparison only = primaries.get(0);
            DisplayUnit unit = DisplayUnit.of(only.key().id(), only.unit());
            return MetricNames.of(only.key()) + " " + unit.text(only.base().median()) + " -> "
                    + unit.text(only.next().median());
        }

        public String primarySignificance() {
            List<MetricComparison> primaries = comparison.isPresent() ? primaries() : List.of();
            if (primaries.isEmpty()) {
                return "-";
            }
            if (primaries.size() == 1) {
                return verdict(primaries.get(0).significance());
            }
            long significant = primaries.stream()
                    .filter(metric -> metric.significance().verdict() == Significance.Verdict.SIGNIFICANT).count();
            return significant + " of " + primaries.size() + " significant";
        }

        /** Host and figure ("dn1 CPU busy %") to its base and new readings. */
        public Map<String, String[]> hostFigures() {
            return hostFigures;
        }

        private List<MetricComparison> primaries() {
            List<MetricComparison> primaries = new ArrayList<>();
            comparison.get().metrics().stream().filter(MetricComparison::primary).forEach(primaries::add);
            return primaries;
        }

        private static String change(double percent, Significance significance) {
            return significance.verdict() == Significance.Verdict.NOT_SIGNIFICANT ? "~" : signed(percent) + " %";
        }

        private static String spread(Optional<Sample> times) {
            if (times.isEmpty() || times.get().size() < 2) {
                return "-";
            }
            SummaryStatistics statistics = new SummaryStatistics();
            for (double value : times.get().values()) {
                statistics.addValue(value);
            }
            return statistics.getMean() == 0 ? "-"
                    : DisplayUnit.fixed(statistics.getStandardDeviation() / statistics.getMean() * 100, 1) + " %";
        }

        private static String verdict(Significance significance) {
            switch (significance.verdict()) {
                case SIGNIFICANT:
                    return "p=" + DisplayUnit.fixed(significance.pValue(), 3);
                case TOO_FEW_SAMPLES:
                    return "too few runs";
                default:
                    return "~";
            }
        }
    }

    /**
     * @param baseDirs the baseline: suite directories of one definition, each a repetition
     * @param nextDirs the suite or suites held to it, of the same definition
     * @throws IOException if a directory is not a suite or a result cannot be read
     * @throws IllegalArgumentException if the suites are of different definitions
     */
    public static SuiteBaseline compare(List<Path> baseDirs, List<Path> nextDirs, Comparer comparer)
            throws IOException {
        requireNonNull(comparer, "comparer is null");
        List<SuiteRecord> baseRecords = records(baseDirs);
        List<SuiteRecord> nextRecords = records(nextDirs);
        String definition = nextRecords.get(0).definition();
        for (SuiteRecord record : concat(baseRecords, nextRecords)) {
            if (!record.definition().equals(definition)) {
                throw new IllegalArgumentException("suites of different definitions measured different things: "
                        + record.definition() + " and " + definition);
            }
        }
        Map<StepFile, List<LoadedResult>> baseResults = SuiteRuns.bySteps(baseDirs);
        Map<StepFile, List<LoadedResult>> nextResults = SuiteRuns.bySteps(nextDirs);
        List<Row> rows = new ArrayList<>();
        SuiteRecord order = nextRecords.get(0);
        for (int i = 0; i < order.steps().size(); i++) {
            String step = order.steps().get(i).id();
            StepFile file = order.stepFile(i);
            List<LoadedResult> base = passed(baseResults.getOrDefault(file, List.of()));
            List<LoadedResult> next = passed(nextResults.getOrDefault(file, List.of()));
            Optional<Comparison> comparison = base.isEmpty() || next.isEmpty() ? Optional.empty()
                    : Optional.of(comparer.compare(base, next));
            rows.add(new Row(step, times(baseRecords, step), times(nextRecords, step), comparison,
                    hostFigures(base, next), comparer.alpha()));
        }
        return new SuiteBaseline(baseDirs, nextDirs, rows);
    }

    public List<Row> rows() {
        return rows;
    }

    /** The table, for Suite's summary: one line per step. */
    public List<String> lines() {
        List<String> lines = new ArrayList<>();
        lines.add("----- Against the baseline: " + describe(baseDirs) + " -----");
        List<String[]> cells = new ArrayList<>();
        cells.add(new String[] {"step", "time s base", "new", "Δ%", "sd% base", "new", "time p", "primary figure",
            "Δ%", "p"});
        for (Row row : rows) {
            cells.add(new String[] {row.step, row.baseTime(), row.nextTime(), row.timeChange(), row.baseTimeSpread(),
                row.nextTimeSpread(), row.timeSignificance(), row.primaryFigures(), row.primaryChange(),
                row.primarySignificance()});
        }
        lines.addAll(aligned(cells));
        lines.add("Δ% is new against base; sd% the standard deviation of a side's times over their mean, between"
                + " repetitions; p from a Mann-Whitney U test, \"~\" where the difference is not significant.");
        return lines;
    }

    /** The hosts' resource summaries side by side, step by step. */
    public List<String> resourceLines() {
        List<String> lines = new ArrayList<>();
        lines.add("----- Resource utilization against the baseline: means while sampled -----");
        for (Row row : rows) {
            if (row.hostFigures.isEmpty()) {
                continue;
            }
            List<String[]> cells = new ArrayList<>();
            cells.add(new String[] {row.step, "base", "new"});
            row.hostFigures.forEach((name, values) -> cells.add(new String[] {"  " + name, values[0], values[1]}));
            lines.addAll(aligned(cells));
        }
        return lines;
    }

    private static String describe(List<Path> dirs) {
        return dirs.size() == 1 ? dirs.get(0).toString() : dirs.size() + " suites in " + dirs.get(0).getParent();
    }

    private static List<SuiteRecord> records(List<Path> dirs) throws IOException {
        if (dirs.isEmpty()) {
            throw new IllegalArgumentException("no suite directory on one side");
        }
        List<SuiteRecord> records = new ArrayList<>();
        for (Path dir : dirs) {
            records.add(SuiteRecord.read(dir));
        }
        return records;
    }

    private static <T> List<T> concat(List<T> first, List<T> second) {
        List<T> all = new ArrayList<>(first);
        all.addAll(second);
        return all;
    }

    private static List<LoadedResult> passed(List<LoadedResult> results) {
        List<LoadedResult> passed = new ArrayList<>();
        results.stream().filter(loaded -> loaded.result().failures().isEmpty()).forEach(passed::add);
        return passed;
    }

    /** The step's seconds in every suite of the side where it passed; empty if in none. */
    private static Optional<Sample> times(List<SuiteRecord> records, String step) {
        List<Double> seconds = new ArrayList<>();
        for (SuiteRecord record : records) {
            record.steps().stream().filter(each -> each.id().equals(step))
                    .filter(each -> each.status() == StepRecord.Status.PASSED)
                    .forEach(each -> seconds.add(each.seconds()));
        }
        return seconds.isEmpty() ? Optional.empty()
                : Optional.of(new Sample(seconds.stream().mapToDouble(Double::doubleValue).toArray()));
    }

    private static Map<String, String[]> hostFigures(List<LoadedResult> base, List<LoadedResult> next) {
        Map<String, Double> baseMeans = hostMeans(base);
        Map<String, Double> nextMeans = hostMeans(next);
        TreeSet<String> keys = new TreeSet<>(baseMeans.keySet());
        keys.addAll(nextMeans.keySet());
        Map<String, String[]> figures = new LinkedHashMap<>();
        for (String key : keys) {
            String host = key.substring(0, key.indexOf('\t'));
            HostFigure figure = HOST_FIGURES.get(Integer.parseInt(key.substring(key.indexOf('\t') + 1)));
            figures.put(host + " " + figure.name, new String[] {figure.text(baseMeans.get(key)),
                figure.text(nextMeans.get(key))});
        }
        return figures;
    }

    /** "host\tfigure index" to the figure's mean over the runs that sampled the host, sorted by host then figure. */
    private static Map<String, Double> hostMeans(List<LoadedResult> runs) {
        Map<String, SummaryStatistics> sums = new TreeMap<>();
        for (LoadedResult run : runs) {
            Optional<ResourceUsage> usage = run.result().resources();
            if (usage.isEmpty()) {
                continue;
            }
            for (HostUsage host : usage.get().hosts()) {
                for (int i = 0; i < HOST_FIGURES.size(); i++) {
                    Optional<Double> value = HOST_FIGURES.get(i).of(host);
                    if (value.isPresent()) {
                        sums.computeIfAbsent(host.host() + "\t" + i, key -> new SummaryStatistics())
                                .addValue(value.get());
                    }
                }
            }
        }
        Map<String, Double> means = new TreeMap<>();
        sums.forEach((key, statistics) -> means.put(key, statistics.getMean()));
        return means;
    }

    /** The cells in columns, each cell's non-printing characters escaped first: step and host names come from files. */
    private static List<String> aligned(List<String[]> raw) {
        List<String[]> cells = new ArrayList<>();
        raw.forEach(row -> cells.add(Arrays.stream(row).map(TerminalText::escape).toArray(String[]::new)));
        int columns = cells.get(0).length;
        int[] widths = new int[columns];
        for (String[] row : cells) {
            for (int i = 0; i < columns; i++) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        }
        List<String> lines = new ArrayList<>();
        for (String[] row : cells) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < columns; i++) {
                String format = i == 0 || i == 7 ? "%-" + widths[i] + "s" : "%" + widths[i] + "s";
                line.append(i == 0 ? "" : "  ").append(String.format(Locale.ROOT, format, row[i]));
            }
            lines.add(line.toString().stripTrailing());
        }
        return lines;
    }

    private static String signed(double percent) {
        return (percent >= 0 ? "+" : "") + DisplayUnit.fixed(percent, 1);
    }

    /** A host figure: the sum of the means of one or more resource figures. */
    private static final class HostFigure {
        final String name;
        final Unit unit;
        final List<String> ids;

        HostFigure(String name, Unit unit, String... ids) {
            this.name = name;
            this.unit = unit;
            this.ids = List.of(ids);
        }

        /** A mean in the unit its figures read in everywhere; "-" for none. */
        String text(Double value) {
            return value == null ? "-" : DisplayUnit.of(ids.get(0), unit).text(value);
        }

        Optional<Double> of(HostUsage host) {
            double sum = 0;
            boolean any = false;
            for (String id : ids) {
                Optional<Metric> mean = host.summary(MetricKey.of(id).withLabel("stat", "mean"));
                if (mean.isPresent()) {
                    sum += mean.get().value();
                    any = true;
                }
            }
            return any ? Optional.of(sum) : Optional.empty();
        }
    }
}
