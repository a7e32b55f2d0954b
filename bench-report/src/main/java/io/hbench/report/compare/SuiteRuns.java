package io.hbench.report.compare;

import io.hbench.report.LoadedResult;
import io.hbench.report.ResultFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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

    static boolean isSuite(Path path) {
        return Files.isDirectory(path) && Files.isRegularFile(path.resolve(ResultFiles.SUITE_RECORD));
    }

    /** Each step's results, by step file, in step order; a step that left no result in a directory lacks it there. */
    static Map<String, List<LoadedResult>> bySteps(List<Path> suites) throws IOException {
        Map<String, List<LoadedResult>> steps = new TreeMap<>();
        for (Path suite : suites) {
            List<Path> files;
            try (Stream<Path> list = Files.list(suite)) {
                files = list.filter(file -> file.getFileName().toString().matches("\\d\\d-[a-z0-9-]+\\.json"))
                        .sorted().collect(Collectors.toList());
            }
            for (LoadedResult loaded : ResultFiles.read(files)) {
                steps.computeIfAbsent(loaded.file().getFileName().toString(), name -> new ArrayList<>()).add(loaded);
            }
        }
        return steps;
    }

    /** {@code 01-dfsio-write.json} to {@code dfsio-write}. */
    static String stepId(String file) {
        return file.substring(3, file.length() - ".json".length());
    }
}
