package io.hbench.findings;

import static java.util.Objects.requireNonNull;

import io.hbench.result.Better;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.commons.math3.stat.descriptive.rank.Median;

/**
 * Which hosts stand out on the slow side of a set of figures, by a rule that the slow hosts themselves cannot bend:
 * <ol>
 * <li>Every figure is made a speed (a time is inverted: twice the time is half the speed) and divided by the median of
 * its group, so that tasks of different kinds, or messages of different sizes, pool into one set of relative speeds.
 * <li>A host's figure is the median of the relative speeds measured on it, or where the figures are connections',
 * each counting for both its ends, the best of them: a connection runs at the speed of its slower end, so a host whose
 * own link is slow is slow in every connection, while a host whose partners happened to include the slow one in most
 * rounds still shows its link's speed in the others.
 * <li>A host is slow when the modified z-score of its figure's logarithm among the logarithms of the hosts' figures,
 * 0.6745 (log figure - median) / MAD (Iglewicz and Hoaglin's outlier test), is below -{@value #Z_LIMIT}, and its
 * figure is at least
 * {@value #MIN_SHORTFALL_PERCENT} % below their median: the score says it stands apart from the spread of the cluster,
 * the shortfall that the difference is one an operator would act on. Where the median absolute deviation is 0 (most
 * hosts equal), the shortfall alone decides.
 * </ol>
 * The score is taken of logarithms because speeds are ratios: half the speed stands as far below the median as twice
 * the speed stands above it, a time and its inverse score alike, and a host ever slower scores ever further out. On
 * the speeds themselves no host could score beyond -0.6745 median / MAD, so on a cluster whose hosts spread by a fifth
 * not even a host at a hundredth of the others' speed would be named.
 * With fewer than {@value #MIN_HOSTS} hosts nothing stands out: of two, neither is the odd one.
 */
public final class SlowHostRule {
    public static final double Z_LIMIT = 3.5;
    public static final int MIN_SHORTFALL_PERCENT = 10;
    public static final int MIN_HOSTS = 3;
    /** Makes the MAD of normally distributed figures estimate their standard deviation. */
    private static final double CONSISTENCY = 0.6745;

    private SlowHostRule() {
    }

    /**
     * The slow hosts, slowest first.
     *
     * @param better whether higher figures are better (a throughput) or lower (a time)
     */
    public static List<SlowHost> apply(List<Observation> observations, Better better) {
        return apply(observations, better, MIN_SHORTFALL_PERCENT);
    }

    /**
     * The slow hosts, slowest first, where a host must also be at least {@code minShortfallPercent} % slower than the
     * hosts' median: for a figure whose healthy values differ more than a task's throughput does.
     */
    public static List<SlowHost> apply(List<Observation> observations, Better better, int minShortfallPercent) {
        requireNonNull(observations, "observations is null");
        if (minShortfallPercent <= 0 || minShortfallPercent >= 100) {
            throw new IllegalArgumentException("minShortfallPercent must be from 1 to 99, got " + minShortfallPercent);
        }
        if (better == Better.NEITHER) {
            throw new IllegalArgumentException("a figure that is neither better high nor low makes no host slow");
        }
        Map<String, List<Double>> byGroup = new LinkedHashMap<>();
        observations.forEach(one -> byGroup.computeIfAbsent(one.group(), group -> new ArrayList<>())
                .add(speed(one.value(), better)));
        Map<String, Double> groupMedian = new TreeMap<>();
        byGroup.forEach((group, speeds) -> groupMedian.put(group, median(speeds)));

        Map<String, List<Double>> byHost = new TreeMap<>();
        Map<String, List<Double>> rawByHost = new TreeMap<>();
        for (Observation one : observations) {
            double relative = speed(one.value(), better) / groupMedian.get(one.group());
            for (String host : one.hosts()) {
                byHost.computeIfAbsent(host, h -> new ArrayList<>()).add(relative);
                rawByHost.computeIfAbsent(host, h -> new ArrayList<>()).add(one.value());
            }
        }
        List<SlowHost> slow = new ArrayList<>();
        if (byHost.size() < MIN_HOSTS) {
            return slow;
        }
        boolean connections = observations.stream().anyMatch(one -> one.hosts().size() > 1);
        Map<String, Double> hostFigure = new TreeMap<>();
        byHost.forEach((host, speeds) -> hostFigure.put(host, hostFigure(speeds, connections, Better.HIGHER)));
        double center = median(new ArrayList<>(hostFigure.values()));
        double logCenter = median(hostFigure.values().stream().map(Math::log).collect(Collectors.toList()));
        double mad = median(hostFigure.values().stream().map(figure -> Math.abs(Math.log(figure) - logCenter))
                .collect(Collectors.toList()));
        double slowBelow = (1 - minShortfallPercent / 100.0) * center;
        Double typicalRaw = byGroup.size() == 1
                ? median(rawByHost.values().stream().map(raw -> hostFigure(raw, connections, better))
                        .collect(Collectors.toList()))
                : null;
        for (Map.Entry<String, Double> host : hostFigure.entrySet()) {
            double figure = host.getValue();
            boolean apart = mad == 0 || CONSISTENCY * (Math.log(figure) - logCenter) / mad < -Z_LIMIT;
            if (apart && figure <= slowBelow) {
                List<Double> speeds = byHost.get(host.getKey());
                int slowOnes = (int) speeds.stream().filter(speed -> speed <= slowBelow).count();
                slow.add(new SlowHost(host.getKey(), figure / center, speeds.size(), slowOnes,
                        typicalRaw == null ? null : hostFigure(rawByHost.get(host.getKey()), connections, better),
                        typicalRaw, connections));
            }
        }
        slow.sort((a, b) -> Double.compare(a.relativeSpeed(), b.relativeSpeed()));
        return slow;
    }

    private static double speed(double value, Better better) {
        return better == Better.HIGHER ? value : 1 / value;
    }

    /**
     * One host's figure from the values measured on it: their median, or for connections their best (the highest, or
     * for a figure better low, the lowest).
     */
    private static double hostFigure(List<Double> values, boolean connections, Better better) {
        if (!connections) {
            return median(values);
        }
        return better == Better.HIGHER ? Collections.max(values) : Collections.min(values);
    }

    private static double median(List<Double> values) {
        return new Median().evaluate(values.stream().mapToDouble(Double::doubleValue).toArray());
    }
}
