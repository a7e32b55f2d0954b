package io.hbench.dist.suite;

import static java.util.Objects.requireNonNull;

import io.hbench.report.ResultFiles;
import io.hbench.report.suite.StepRecord;
import io.hbench.report.suite.SuiteRecord;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a suite stands: the definition it runs, the cluster it was sized for and how each step ended; kept in its
 * directory as a {@link SuiteRecord} after every step, so that {@code -resume} knows.
 */
public final class SuiteState {
    public static final String FILE = ResultFiles.SUITE_RECORD;

    private final String definition;
    private final ClusterShape cluster;
    private final List<StepRecord> steps;

    public SuiteState(String definition, ClusterShape cluster, List<StepRecord> steps) {
        this.definition = requireNonNull(definition, "definition is null");
        this.cluster = requireNonNull(cluster, "cluster is null");
        this.steps = List.copyOf(requireNonNull(steps, "steps is null"));
    }

    public String definition() {
        return definition;
    }

    /** The cluster the sizes were derived from; a resumed suite keeps them. */
    public ClusterShape cluster() {
        return cluster;
    }

    public List<StepRecord> steps() {
        return steps;
    }

    /** This state with {@code record} in place of the step of the same id. */
    SuiteState with(StepRecord record) {
        List<StepRecord> updated = new ArrayList<>();
        for (StepRecord step : steps) {
            updated.add(step.id().equals(record.id()) ? record : step);
        }
        return new SuiteState(definition, cluster, updated);
    }

    void write(Path dir) throws IOException {
        new SuiteRecord(definition, cluster.concurrentTasks(), cluster.dataNodes(), cluster.embedded(), steps)
                .write(dir);
    }

    /** @throws IOException with a one-line message when the file is missing or not a suite's */
    static SuiteState read(Path dir) throws IOException {
        if (!SuiteRecord.isSuite(dir)) {
            throw new IOException(dir + " holds no suite to resume (no " + FILE + ")");
        }
        SuiteRecord record = SuiteRecord.read(dir);
        try {
            return new SuiteState(record.definition(), new ClusterShape(record.concurrentTasks(), record.dataNodes(),
                    record.embedded()), record.steps());
        } catch (IllegalArgumentException e) {
            throw new IOException(dir.resolve(FILE) + " is not a suite's record: " + e.getMessage());
        }
    }
}
