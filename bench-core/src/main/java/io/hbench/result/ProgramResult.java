package io.hbench.result;

import java.util.Optional;

/**
 * What every program's own result (DfsioResult, NnResult, ...) offers beside its figures: the common form, and the
 * hosts' resource use, which the console prints without building that form (it needs the environment, which asks
 * the cluster).
 */
public interface ProgramResult {
    /** The common form of this result, run in {@code environment}. */
    BenchResult toBenchResult(Environment environment);

    /** What the hosts' CPU, memory, network and disks did during the run; empty if they were not sampled. */
    Optional<ResourceUsage> resources();
}
