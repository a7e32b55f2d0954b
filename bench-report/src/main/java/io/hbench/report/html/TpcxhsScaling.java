package io.hbench.report.html;

import io.hbench.report.compare.Sample;
import io.hbench.result.BenchResult;
import io.hbench.result.Metric;
import org.apache.commons.math3.stat.descriptive.SummaryStatistics;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

import static java.util.Objects.requireNonNull;

/**
 * The scaling table of a TPCx-HS study across scale factors, one series of rows per setting the runs were made in. Per
 * setting and scale factor: how many results the row holds, the data size and its change against the setting's
 * smallest scale factor, HSph@SF (the median of the results'), the time (the mean of every run's: a result holds two),
 * how far those times are apart (sample standard deviation as a percentage of their mean) and the time's change
 * against the setting's smallest scale factor. A setting is a side of a comparison ("base", "new"), told apart further
 * by any TPCx-HS parameter besides the scale factor that differs among the runs ("new, replication 1"), and by the
 * engine where the runs' engines differ ("engine spark 4.1.3 on yarn"): runs of two settings are never summed into one
 * row, and every passed run is in a row.
 */
public final class TpcxhsScaling {
    /** The parameters that follow from the scale factor: they do not set runs apart. */
    private static final Set<String> OF_THE_SCALE_FACTOR = Set.of("scale_factor", "rows", "valid_scale_factor");
    /** The engine stands beside the parameters under this name, as a setting of its own. */
    private static final String ENGINE = "engine";

    /** One setting's scale factor; changes are in percent against the setting's first row. */
    public static final class Row {
        public final String setting;
        public final BigDecimal scaleFactor;
        public final int results;
        public final double dataBytes;
        public final double dataChangePercent;
        public final double hsph;
        public final double timeSeconds;
        public final double timeStdDevPercent;
        public final double timeChangePercent;

        Row(String setting, BigDecimal scaleFactor, int results, double dataBytes, double dataChangePercent, double hsph,
                double timeSeconds, double timeStdDevPercent, double timeChangePercent) {
            this.setting = setting;
            this.scaleFactor = scaleFactor;
            this.results = results;
            this.dataBytes = dataBytes;
            this.dataChangePercent = dataChangePercent;
            this.hsph = hsph;
            this.timeSeconds = timeSeconds;
            this.timeStdDevPercent = timeStdDevPercent;
            this.timeChangePercent = timeChangePercent;
        }
    }

    private TpcxhsScaling() {}

    /** The rows of the passed TPCx-HS runs among {@code results}, all of one side. */
    public static List<Row> rows(List<BenchResult> results) {
        return rows(Map.of("", results));
    }

    /**
     * The rows of the passed TPCx-HS runs of each side, setting by setting in the sides' order (within a side, in the
     * order its results come), each setting's smallest scale factor first. Empty unless a setting ran at least two scale factors.
     *
     * @param sides each side's results by its name ("base", "new"; empty when there is one side), in order
     */
    public static List<Row> rows(Map<String, List<BenchResult>> sides) {
        requireNonNull(sides, "sides is null");
        Map<Setting, SortedMap<BigDecimal, List<BenchResult>>> settings = new LinkedHashMap<>();
        int side = 0;
        for (List<BenchResult> results : sides.values()) {
            for (BenchResult result : results) {
                if (result.benchmark().equals("TPCx-HS") && result.failures().isEmpty()
                        && result.parameters().containsKey("scale_factor")) {
                    settings.computeIfAbsent(new Setting(side, result), setting -> new TreeMap<>())
                            .computeIfAbsent(new BigDecimal(result.parameters().get("scale_factor"))
                                    .stripTrailingZeros(), scaleFactor -> new ArrayList<>()).add(result);
                }
            }
            side++;
        }
        if (settings.values().stream().noneMatch(scaleFactors -> scaleFactors.size() >= 2)) {
            return List.of();
        }
        List<String> sideNames = new ArrayList<>(sides.keySet());
        Set<String> differing = differing(settings.keySet());
        List<Row> rows = new ArrayList<>();
        // By side, and within one in the order of the results.
        settings.keySet().stream().sorted(Comparator.comparingInt(setting -> setting.side))
                .forEach(setting -> rows.addAll(rows(setting.name(sideNames, differing), settings.get(setting))));
        return rows;
    }

    private static List<Row> rows(String setting, SortedMap<BigDecimal, List<BenchResult>> byScaleFactor) {
        List<Row> rows = new ArrayList<>();
        double firstData = 0;
        double firstTime = 0;
        for (Map.Entry<BigDecimal, List<BenchResult>> entry : byScaleFactor.entrySet()) {
            List<BenchResult> results = entry.getValue();
            double data = value(results.get(0), "data_bytes").orElse(0.0);
            SummaryStatistics times = new SummaryStatistics();
            results.forEach(result -> result.metrics("run_time").forEach(time -> times.addValue(time.value())));
            double[] hsphs = results.stream().map(result -> value(result, "hsph_at_sf")).flatMap(Optional::stream)
                    .mapToDouble(Double::doubleValue).toArray();
            double hsph = hsphs.length == 0 ? 0 : new Sample(hsphs).median();
            double mean = times.getN() == 0 ? 0 : times.getMean();
            if (rows.isEmpty()) {
                firstData = data;
                firstTime = mean;
            }
            rows.add(new Row(setting, entry.getKey(), results.size(), data, change(data, firstData), hsph, mean,
                    mean == 0 ? 0 : times.getStandardDeviation() / mean * 100, change(mean, firstTime)));
        }
        return rows;
    }

    /** The parameters whose values differ between settings: those that name one. */
    private static Set<String> differing(Set<Setting> settings) {
        Set<String> differing = new TreeSet<>();
        Setting first = settings.iterator().next();
        for (Setting setting : settings) {
            Set<String> names = new TreeSet<>(first.parameters.keySet());
            names.addAll(setting.parameters.keySet());
            names.stream().filter(name -> !Objects.equals(first.parameters.get(name), setting.parameters.get(name)))
                    .forEach(differing::add);
        }
        return differing;
    }

    /** A side and the parameters its runs share besides the scale factor, and their engine. */
    private static final class Setting {
        final int side;
        final SortedMap<String, String> parameters = new TreeMap<>();

        Setting(int side, BenchResult result) {
            this.side = side;
            parameters.putAll(result.parameters());
            parameters.keySet().removeAll(OF_THE_SCALE_FACTOR);
            result.engine().ifPresent(engine -> parameters.put(ENGINE, engine.describe()));
        }

        /** "new, replication 1": the side's name, then the parameters that set it apart; "" for one setting alone. */
        String name(List<String> sideNames, Set<String> differing) {
            List<String> parts = new ArrayList<>();
            if (!sideNames.get(side).isEmpty()) {
                parts.add(sideNames.get(side));
            }
            differing.forEach(name -> parts.add(name + " " + parameters.getOrDefault(name, "(none)")));
            return String.join(", ", parts);
        }

        @Override
        public boolean equals(Object obj) {
            return obj instanceof Setting && side == ((Setting) obj).side
                    && parameters.equals(((Setting) obj).parameters);
        }

        @Override
        public int hashCode() {
            return Objects.hash(side, parameters);
        }
    }

    private static Optional<Double> value(BenchResult result, String id) {
        return result.metric(id).map(Metric::value);
    }

    private static double change(double value, double first) {
        return first == 0 ? 0 : (value / first - 1) * 100;
    }
}
