package io.hbench.report.compare;

import io.hbench.cli.FlagValues;
import io.hbench.environment.EnvironmentProbe;
import io.hbench.error.ExitStatus;
import io.hbench.report.LoadedResult;
import io.hbench.report.ResultFiles;
import io.hbench.report.ResultsCommand;
import io.hbench.result.format.DisplayUnit;
import io.hbench.result.format.MetricNames;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * {@code Compare BASE... -vs NEW...}: is the difference between two sets of runs real? Exit 1 with {@code -failOn PCT}
 * when a primary metric got significantly worse by more than PCT percent, so a CI pipeline can gate on it.
 */
public final class CompareTool extends ResultsCommand {
    public static final String NAME = "Compare";

    public CompareTool(PrintStream out, PrintStream err) {
        super(out, err);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Compare two sets of results (files or directories): medians, change and its significance";
    }

    @Override
    protected String usage() {
        return NAME + " BASE... -vs NEW... [-alpha A] [-force] [-failOn PCT] [-json | -csv]";
    }

    @Override
    protected void addOptions(Options options) {
        options.addOption(Option.builder("vs").hasArgs().argName("NEW...").desc("the new results: files, or"
                + " directories of .json files; several are repetitions of one run").build());
        ComparisonFlags.addTo(options);
        options.addOption(Option.builder("failOn").hasArg().argName("PCT").desc("exit 1 when a primary metric got"
                + " significantly worse by more than PCT percent").build());
        options.addOption(Option.builder("json").desc("print the comparison as JSON").build());
        options.addOption(Option.builder("csv").desc("print the comparison as CSV").build());
    }

    @Override
    protected ExitStatus run(CommandLine line) throws IOException {
        List<String> baseNames = line.getArgList();
        String[] nextNames = line.getOptionValues("vs");
        if (baseNames.isEmpty() || nextNames == null) {
            throw new IllegalArgumentException("give both sides: BASE... -vs NEW...");
        }
        if (line.hasOption("json") && line.hasOption("csv")) {
            throw new IllegalArgumentException("-json and -csv exclude each other");
        }
        Comparer comparer = ComparisonFlags.comparer(line);
        Double failOn = line.hasOption("failOn") ? FlagValues.decimal("-failOn", line.getOptionValue("failOn"))
                : null;
        if (failOn != null && failOn < 0) {
            throw new IllegalArgumentException("-failOn must be a percentage of at least 0, not "
                    + line.getOptionValue("failOn"));
        }
        List<Path> basePaths = paths(baseNames);
        List<Path> nextPaths = paths(Arrays.asList(nextNames));
        boolean baseSuites = basePaths.stream().allMatch(SuiteRuns::isSuite);
        boolean nextSuites = nextPaths.stream().allMatch(SuiteRuns::isSuite);
        boolean anySuite = basePaths.stream().anyMatch(SuiteRuns::isSuite) || nextPaths.stream().anyMatch(SuiteRuns::isSuite);
        if (anySuite && !(baseSuites && nextSuites)) {
            throw new IllegalArgumentException("give suite directories on both sides, or results on both: a suite's steps"
                    + " are compared step by step with another suite's");
        }
        Map<String, Comparison> comparisons = new LinkedHashMap<>();
        if (anySuite) {
            Map<String, List<LoadedResult>> base = SuiteRuns.bySteps(basePaths);
            Map<String, List<LoadedResult>> next = SuiteRuns.bySteps(nextPaths);
            requireOneSuiteDefinition(flatten(base), flatten(next));
            Set<String> steps = new TreeSet<>(base.keySet());
            steps.addAll(next.keySet());
            for (String step : steps) {
                String id = SuiteRuns.stepId(step);
                List<LoadedResult> baseRuns = passedOnly(base.getOrDefault(step, List.of()));
                List<LoadedResult> nextRuns = passedOnly(next.getOrDefault(step, List.of()));
                if (baseRuns.isEmpty() || nextRuns.isEmpty()) {
                    printError("leaving out step " + id + ": it left no passed result on one side");
                } else {
                    comparisons.put(id, comparer.compare(baseRuns, nextRuns));
                }
            }
            if (comparisons.isEmpty()) {
                throw new IllegalArgumentException("no step of the suites passed on both sides: nothing to compare");
            }
        } else {
            List<LoadedResult> base = passed(ResultFiles.read(basePaths));
            List<LoadedResult> next = passed(ResultFiles.read(nextPaths));
            requireOneSuiteDefinition(base, next);
            comparisons.put("", comparer.compare(base, next));
        }
        ComparisonFormat format = line.hasOption("json") ? new JsonComparisonFormat()
                : line.hasOption("csv") ? new CsvComparisonFormat() : new TextComparisonFormat();
        Writer writer = new OutputStreamWriter(out, StandardCharsets.UTF_8);
        if (anySuite) {
            SuiteComparisonFormat.write(format, comparisons, writer);
        } else {
            format.write(comparisons.get(""), writer);
        }
        writer.flush();
        if (failOn != null) {
            List<MetricComparison> worse = new ArrayList<>();
            for (Comparison comparison : comparisons.values()) {
                worse.addAll(comparison.primaryWorseThan(failOn));
            }
            for (MetricComparison metric : worse) {
                printError(MetricNames.of(metric.key()) + " got worse by "
                        + DisplayUnit.fixed(Math.abs(metric.changePercent()), 2) + "% (p="
                        + DisplayUnit.fixed(metric.significance().pValue(), 3) + "), more than -failOn "
                        + line.getOptionValue("failOn") + "%");
            }
            if (!worse.isEmpty()) {
                return ExitStatus.FAILURE;
            }
        }
        return ExitStatus.SUCCESS;
    }

    /**
     * Refuses runs of suites of different definitions (Suite records its definition in every step's result): their
     * steps were sized and chosen differently, so a difference between them says nothing about the clusters.
     */
    private static void requireOneSuiteDefinition(List<LoadedResult> base, List<LoadedResult> next) {
        LoadedResult first = null;
        String definition = null;
        for (LoadedResult loaded : concat(base, next)) {
            String own = loaded.result().environment().configuration().get(EnvironmentProbe.SUITE_DEFINITION_KEY);
            if (own == null) {
                continue;
            }
            if (definition == null) {
                first = loaded;
                definition = own;
            } else if (!definition.equals(own)) {
                throw new IllegalArgumentException(first.file() + " is of suite " + definition + " and "
                        + loaded.file() + " of suite " + own + ": suites of different definitions ran different steps"
                        + " and sizes, so their figures are not compared");
            }
        }
    }

    private static List<LoadedResult> flatten(Map<String, List<LoadedResult>> steps) {
        List<LoadedResult> all = new ArrayList<>();
        steps.values().forEach(all::addAll);
        return all;
    }

    /** A suite step's runs that passed; a step left with none on a side is left out as a whole. */
    private static List<LoadedResult> passedOnly(List<LoadedResult> runs) {
        return runs.stream().filter(loaded -> loaded.result().failures().isEmpty()).collect(Collectors.toList());
    }

    private static List<LoadedResult> concat(List<LoadedResult> base, List<LoadedResult> next) {
        List<LoadedResult> all = new ArrayList<>(base);
        all.addAll(next);
        return all;
    }

    /** The runs that passed; a failed run's figures are not compared, and the user is told which were left out. */
    private List<LoadedResult> passed(List<LoadedResult> results) {
        List<LoadedResult> passed = new ArrayList<>();
        for (LoadedResult loaded : results) {
            if (loaded.result().failures().isEmpty()) {
                passed.add(loaded);
            } else {
                printError("leaving out " + loaded.file() + ": the run failed ("
                        + loaded.result().failures().get(0).lines().findFirst().orElse("") + ")");
            }
        }
        if (passed.isEmpty()) {
            throw new IllegalArgumentException("no passed run on one side: nothing to compare");
        }
        return passed;
    }
}
