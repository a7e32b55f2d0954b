package io.hbench.report.suite;

import static java.util.Objects.requireNonNull;

import io.hbench.cli.TerminalText;
import io.hbench.environment.EnvironmentProbe;
import io.hbench.findings.Finding;
import io.hbench.findings.Findings;
import io.hbench.findings.LinkCapacities;
import io.hbench.report.ResultFiles;
import io.hbench.report.html.CapacityCurve;
import io.hbench.result.BenchResult;
import io.hbench.result.format.MetricNames;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import org.apache.hadoop.fs.FileSystem;

/**
 * The first screen of a suite: did every step run, is the cluster fit and why, what load the NameNode takes, what
 * limited each step; then the
 * cluster, and per step its status, time, primary figure and findings. Read back from the suite's directory (its record
 * and each step's result), so Suite's summary and the report of the same directory say the same.
 */
public final class SuiteOverview {
    private final Path dir;
    private final SuiteRecord record;
    private final List<Step> steps;
    private final List<String> cluster;

    private SuiteOverview(Path dir, SuiteRecord record, List<Step> steps, List<String> cluster) {
        this.dir = dir;
        this.record = record;
        this.steps = List.copyOf(steps);
        this.cluster = List.copyOf(cluster);
    }

    /** One step as the overview shows it. */
    public static final class Step {
        private final StepRecord record;
        private final Optional<BenchResult> result;
        private final Optional<String> unreadable;
        private final List<Finding> findings;

        Step(StepRecord record, Optional<BenchResult> result, Optional<String> unreadable, List<Finding> findings) {
            this.record = record;
            this.result = result;
            this.unreadable = unreadable;
            this.findings = List.copyOf(findings);
        }

        public StepRecord record() {
            return record;
        }

        public Optional<BenchResult> result() {
            return result;
        }

        /** The primary figures for people: "aggregate throughput 17.465 MiB/s"; empty without a result. */
        public String headline() {
            if (unreadable.isPresent()) {
                return "(no result: " + unreadable.get() + ")";
            }
            return result.map(MetricNames::headline).orElse("");
        }

        public List<Finding> findings() {
            return findings;
        }

        /** What limited the step, in a few words; empty if it was not judged. */
        public String limit() {
            return findings.stream().filter(finding -> finding.kind() == Finding.Kind.LIMIT).map(Finding::brief)
                    .findFirst().orElse("");
        }
    }

    /** @throws IOException if the directory holds no suite record or it cannot be read */
    public static SuiteOverview read(Path dir) throws IOException {
        requireNonNull(dir, "dir is null");
        SuiteRecord record = SuiteRecord.read(dir);
        Map<Integer, BenchResult> results = new LinkedHashMap<>();
        Map<Integer, String> unreadable = new LinkedHashMap<>();
        for (int i = 0; i < record.steps().size(); i++) {
            Path file = dir.resolve(record.stepFile(i).result());
            if (Files.exists(file)) {
                try {
                    results.put(i, ResultFiles.read(List.of(file)).get(0).result());
                } catch (IOException e) {
                    unreadable.put(i, e.getMessage());
                }
            }
        }
        // Every step's network is held to what the suite's own EBB step measured of each host's link.
        LinkCapacities links = LinkCapacities.measuredBy(results.values());
        List<Step> steps = new ArrayList<>();
        for (int i = 0; i < record.steps().size(); i++) {
            Optional<BenchResult> result = Optional.ofNullable(results.get(i));
            steps.add(new Step(record.steps().get(i), result, Optional.ofNullable(unreadable.get(i)),
                    result.map(one -> Findings.of(one, links)).orElse(List.of())));
        }
        return new SuiteOverview(dir, record, steps, clusterFacts(record, results.values()));
    }

    public SuiteRecord record() {
        return record;
    }

    public List<Step> steps() {
        return steps;
    }

    /** The cluster, as the steps' results recorded it: "DataNodes: 3 on vm", "Hadoop: 3.4.2 (cluster 3.4.2)". */
    public List<String> cluster() {
        return cluster;
    }

    /**
     * The answers, first: whether every step ran and passed its checks, and apart from that, whether the cluster is fit
     * ({@link Fitness}); then how much load the NameNode takes at its objective, from each capacity curve.
     */
    public List<String> verdict() {
        List<String> notPassed = new ArrayList<>();
        for (Step step : steps) {
            if (step.record.status() != StepRecord.Status.PASSED) {
                notPassed.add(step.record.id() + " (" + step.record.status().text()
                        + (step.record.status() == StepRecord.Status.FAILED && step.record.exitStatus() >= 0
                                ? ", exit " + step.record.exitStatus() : "") + ")");
            }
        }
        String ran = notPassed.isEmpty()
                ? steps.size() == 1 ? "The 1 step ran and passed its checks."
                        : "All " + steps.size() + " steps ran and passed their checks."
                : notPassed.size() + " of " + steps.size() + " steps did not pass: " + String.join(", ", notPassed)
                        + "; their logs in " + dir + " say why.";
        List<String> answers = new ArrayList<>(List.of(ran, Fitness.verdict(steps)));
        for (Step step : steps) {
            step.result.stream().flatMap(result -> CapacityCurve.of(result).stream())
                    .flatMap(curve -> curve.answer().stream())
                    .forEach(answer -> answers.add(step.record.id() + ": " + answer + "."));
        }
        return answers;
    }

    /**
     * The summary as text: Suite prints it and keeps it as {@code summary.txt}, with the non-printing characters of what
     * result files put in it escaped.
     */
    public List<String> lines() {
        List<String> lines = new ArrayList<>();
        lines.add("----- hbench Suite ----- : " + record.definition() + " on " + record.clusterText());
        lines.addAll(verdict());
        lines.add("");
        lines.add("Cluster: " + String.join("; ", cluster));
        lines.add("");
        int width = Math.max(4, steps.stream().mapToInt(step -> step.record.id().length()).max().orElse(4));
        int figureWidth = Math.max(14, steps.stream().mapToInt(step -> step.headline().length()).max().orElse(14));
        String row = "%-" + width + "s  %-9s %7s  %-" + figureWidth + "s  %s";
        lines.add(String.format(Locale.ROOT, row, "step", "status", "time s", "primary figure", "limited by")
                .stripTrailing());
        for (Step step : steps) {
            lines.add(String.format(Locale.ROOT, row, step.record.id(), step.record.status().text(),
                    String.format(Locale.ROOT, "%.1f", step.record.seconds()), step.headline(), step.limit())
                    .stripTrailing());
        }
        // The verdict says whether any host is slow; here, what names a host, what limited, what a figure means.
        List<String> details = new ArrayList<>();
        for (Step step : steps) {
            step.findings.stream().filter(finding -> finding.kind() != Finding.Kind.SLOW_HOST
                    || finding.host().isPresent()).forEach(finding -> details.add(step.record.id() + ": " + finding));
        }
        if (!details.isEmpty()) {
            lines.add("");
            lines.add("Findings:");
            details.forEach(line -> lines.add("  " + line));
        }
        // Host names, failures and figures come from result files: nothing in them may drive the terminal.
        lines.replaceAll(TerminalText::escape);
        return lines;
    }

    private static List<String> clusterFacts(SuiteRecord record, Collection<BenchResult> results) {
        TreeSet<String> dataNodeHosts = new TreeSet<>();
        TreeSet<String> nodeManagerHosts = new TreeSet<>();
        TreeSet<String> taskHosts = new TreeSet<>();
        TreeSet<String> hadoop = new TreeSet<>();
        TreeSet<String> fileSystems = new TreeSet<>();
        String dataNodes = null;
        String nodeManagers = null;
        for (BenchResult result : results) {
            Map<String, String> conf = result.environment().configuration();
            dataNodes = conf.getOrDefault(EnvironmentProbe.DATANODES_KEY, dataNodes);
            nodeManagers = conf.getOrDefault(EnvironmentProbe.NODEMANAGERS_KEY, nodeManagers);
            split(conf.get(EnvironmentProbe.DATANODE_HOSTS_KEY), dataNodeHosts);
            Optional.ofNullable(conf.get(FileSystem.FS_DEFAULT_NAME_KEY)).ifPresent(fileSystems::add);
            split(conf.get(EnvironmentProbe.NODEMANAGER_HOSTS_KEY), nodeManagerHosts);
            taskHosts.addAll(result.taskHosts().keySet());
            hadoop.add(result.environment().hadoopVersion() + result.environment().clusterHadoopVersion()
                    .map(cluster -> " (cluster " + cluster + ")").orElse(""));
        }
        List<String> facts = new ArrayList<>();
        if (record.hasNameNode()) {
            facts.add("DataNodes: " + (dataNodes == null ? record.dataNodes() : dataNodes)
                    + (dataNodeHosts.isEmpty() ? "" : " on " + String.join(", ", dataNodeHosts)));
        } else {
            // The steps that differ from an HDFS suite's say why on the first screen.
            facts.add("file system: " + (fileSystems.isEmpty() ? "" : String.join(", ", fileSystems) + ", ")
                    + "not HDFS: with no NameNode to measure, FsMetadata's steps time the metadata operations through"
                    + " the FileSystem API in NNThroughputBenchmark's place");
        }
        facts.add("NodeManagers: " + (nodeManagers == null ? "none (MapReduce ran in one process)"
                : nodeManagers + (nodeManagerHosts.isEmpty() ? "" : " on " + String.join(", ", nodeManagerHosts))));
        if (!taskHosts.isEmpty()) {
            facts.add("hosts that ran tasks: " + String.join(", ", taskHosts));
        }
        if (!hadoop.isEmpty()) {
            facts.add("Hadoop " + String.join("; ", hadoop));
        }
        return facts;
    }

    private static void split(String hosts, TreeSet<String> into) {
        if (hosts != null && !hosts.isBlank()) {
            for (String host : hosts.split(",")) {
                into.add(host.trim());
            }
        }
    }
}
