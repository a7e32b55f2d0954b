package io.hbench.findings;

import static java.util.Objects.requireNonNull;

import io.hbench.result.Better;
import java.util.ArrayList;
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
 * <li>A host's figure is the median of the relative speeds measured on it: a connection counts for both its ends,
 * and a slow host's share of slow connections cannot bend the figures of the others.
 * <li>A host is slow when its figure's modified z-score among the hosts' figures, 0.6745 (figure - median) / MAD
 * (Iglewicz and Hoaglin's outlier test), is below -{@value #Z_LIMIT}, and its figure is at least
 * {@value #MIN_SHORTFALL_PERCENT} % below their median: the score says it stands apart from the spread of the cluster,
 * the shortfall that the difference is one an operator would act on. Where the median absolute deviation is 0 (most
 * hosts equal), the shortfall alone decides.
 * </ol>
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
        requireNonNull(observations, "observations is null");
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
        Map<String, Double> hostFigure = new TreeMap<>();
        byHost.forEach((host, speeds) -> hostFigure.put(host, median(speeds)));
        double center = median(new ArrayList<>(hostFigure.values()));
        double mad = median(hostFigure.values().stream().map(figure -> Math.abs(figure - center))
                .collect(Collectors.toList()));
        double slowBelow = (1 - MIN_SHORTFALL_PERCENT / 100.0) * center;
        Double typicalRaw = byGroup.size() == 1
                ? median(rawByHost.values().stream().map(SlowHostRule::median).collect(Collectors.toList()))
                : null;
        for (Map.Entry<String, Double> host : hostFigure.entrySet()) {
            double figure = host.getValue();
            boolean apart = mad == 0 || CONSISTENCY * (figure - center) / mad < -Z_LIMIT;
            if (apart && figure <= slowBelow) {
                List<Double> speeds = byHost.get(host.getKey());
                int slowOnes = (int) speeds.stream().filter(speed -> speed <= slowBelow).count();
                slow.add(new SlowHost(host.getKey(), figure / center, speeds.size(), slowOnes,
                        typicalRaw == null ? null : median(rawByHost.get(host.getKey())), typicalRaw));
            }
        }
        slow.sort((a, b) -> Double.compare(a.relativeSpeed(), b.relativeSpeed()));
        return slow;
    }

    private static double speed(double value, Better better) {
        return better == Better.HIGHER ? value : 1 / value;
    }

    private static double median(List<Double> values) {
        return new Median().evaluate(values.stream().mapToDouble(Double::doubleValue).toArray());
    }
}
