package io.hbench.report.compare;

import io.hbench.report.LoadedResult;
import io.hbench.report.ResultFiles;
import io.hbench.report.suite.StepFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * One side of a comparison of suites: the results of each step (its file, {@code 01-dfsio-write.json}) across the
 * side's suite directories, each directory one repetition. A suite directory is one holding Suite's record,
 * {@value ResultFiles#SUITE_RECORD}.
 */
final class SuiteRuns {
    private SuiteRuns() {
    }

    /** Each step's results, by step file, in step order; a step that left no result in a directory lacks it there. */
    static Map<StepFile, List<LoadedResult>> bySteps(List<Path> suites) throws IOException {
        Map<StepFile, List<LoadedResult>> steps = new TreeMap<>();
        for (Path suite : suites) {
            List<Path> files;
            try (Stream<Path> list = Files.list(suite)) {
                files = list.filter(file -> stepFile(file).isPresent())
                        .sorted(Comparator.comparing(file -> stepFile(file).get())).collect(Collectors.toList());
            }
            for (LoadedResult loaded : ResultFiles.read(files)) {
                steps.computeIfAbsent(stepFile(loaded.file()).get(), step -> new ArrayList<>()).add(loaded);
            }
        }
        return steps;
    }

    private static Optional<StepFile> stepFile(Path file) {
        return StepFile.ofResult(file.getFileName().toString());
    }
}
