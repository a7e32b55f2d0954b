package io.hbench.report.html;

import io.hbench.cli.FlagParser;
import io.hbench.cli.FlagValues;
import io.hbench.error.ExitStatus;
import io.hbench.fs.LocalOutput;
import io.hbench.report.LoadedResult;
import io.hbench.report.ResultFiles;
import io.hbench.report.ResultsCommand;
import io.hbench.report.compare.Comparer;
import io.hbench.report.compare.Comparisons;
import io.hbench.report.compare.ComparisonFlags;
import io.hbench.report.compare.SuiteBaseline;
import io.hbench.report.suite.SuiteOverview;
import io.hbench.report.suite.SuiteRecord;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

/**
 * {@code Report -out report.html FILES... [-vs FILES...]}: one self-contained HTML page with charts of every run, and
 * with {@code -vs} the comparison of the two sets, workload by workload as Compare makes it ({@link Comparisons}).
 */
public final class ReportTool extends ResultsCommand {
    public static final String NAME = "Report";

    public ReportTool(PrintStream out, PrintStream err) {
        super(out, err);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Write one self-contained HTML page with charts of results (files or directories), offline";
    }

    @Override
    protected String usage() {
        return NAME + " -out report.html FILES... [-vs FILES...] [-title text] [-alpha A] [-force] [-overwrite]";
    }

    @Override
    protected void addOptions(Options options) {
        options.addOption(FlagParser.valued("out", "file", "the HTML file to write"));
        options.addOption(FlagParser.valuedList("vs", "FILES...", "new results to compare the others"
                + " with: adds the comparison view"));
        options.addOption(FlagParser.valued("title", "text", "the page's title (default: hbench"
                + " report)"));
        ComparisonFlags.addTo(options);
        options.addOption(FlagParser.present(LocalOutput.OVERWRITE_FLAG, "replace an existing -out file that is not an"
                + " hbench report (an earlier report is replaced without it)"));
    }

    @Override
    protected ExitStatus run(CommandLine line) throws IOException {
        String out = line.getOptionValue("out");
        if (out == null) {
            throw new IllegalArgumentException("give the page to write: -out report.html");
        }
        if (line.getArgList().isEmpty()) {
            throw new IllegalArgumentException("give the results to show: files or directories of .json results");
        }
        LocalOutput page = FlagValues.outputFile("-out", out, LocalOutput.Kind.REPORT_HTML,
                line.hasOption(LocalOutput.OVERWRITE_FLAG));
        List<Path> basePaths = paths(line.getArgList());
        List<Path> nextPaths = line.hasOption("vs") ? paths(Arrays.asList(line.getOptionValues("vs"))) : List.of();
        List<LoadedResult> base = ResultFiles.read(basePaths);
        List<LoadedResult> next = ResultFiles.read(nextPaths);
        Comparer comparer = ComparisonFlags.comparer(line);
        boolean suitesOnBothSides = !nextPaths.isEmpty() && basePaths.stream().allMatch(SuiteRecord::isSuite)
                && nextPaths.stream().allMatch(SuiteRecord::isSuite);
        // A suite against a baseline opens with the new suite's overview and the study's table, step by step; results
        // are compared workload by workload only when they are not suites.
        Optional<SuiteBaseline> baseline = suitesOnBothSides
                ? Optional.of(SuiteBaseline.compare(basePaths, nextPaths, comparer)) : Optional.empty();
        Optional<Comparisons> comparisons = !nextPaths.isEmpty() && !suitesOnBothSides
                ? Optional.of(Comparisons.ofResults(base, next, comparer, this::printError)) : Optional.empty();
        List<SuiteOverview> suites = new ArrayList<>();
        for (Path path : suitesOnBothSides ? nextPaths : basePaths) {
            if (SuiteRecord.isSuite(path)) {
                suites.add(SuiteOverview.read(path));
            }
        }
        List<LoadedResult> all = new ArrayList<>(suitesOnBothSides ? next : base);
        all.addAll(suitesOnBothSides ? base : next);
        Map<String, List<LoadedResult>> sides = new LinkedHashMap<>();
        if (nextPaths.isEmpty()) {
            sides.put("", base);
        } else {
            sides.put("base", base);
            sides.put("new", next);
        }
        HtmlReport report = new HtmlReport(line.getOptionValue("title", "hbench report"), Instant.now());
        page.write(writer -> report.write(all, sides, comparisons, suites, baseline, writer));
        this.out.println(NAME + ": wrote " + out + " (" + all.size() + (all.size() == 1 ? " result" : " results")
                + comparisons.map(ReportTool::compared).orElse("")
                + (baseline.isPresent() ? ", against the baseline" : "") + ")");
        return ExitStatus.SUCCESS;
    }

    private static String compared(Comparisons comparisons) {
        int count = comparisons.all().size();
        return comparisons.grouping() == Comparisons.Grouping.NONE ? ", with the comparison"
                : ", with " + count + (count == 1 ? " comparison" : " comparisons");
    }
}
