package io.hbench.hs;

import io.hbench.result.Engine;
import java.io.IOException;

/**
 * An engine that runs TPCx-HS's three jobs: HSGen, HSSort and HSValidate, each with its options in and its result out,
 * as the MapReduce programs of the same names take and give them. {@link Tpcxhs} drives the phases, the two
 * HSDataChecks (which read file metadata only, on any engine) and the metric; an engine runs only the jobs.
 */
public interface HsEngine {
    /** The engine as the result records it: its name, its version, and where its jobs run. */
    Engine info();

    /**
     * Refuses, before HSGen writes anything, to run where this engine's jobs could not complete, with a {@link
     * io.hbench.error.BenchException} that says why and what to do.
     */
    void requireReady();

    HsGenResult gen(HsGenOptions options) throws IOException, InterruptedException;

    HsSortResult sort(HsSortOptions options) throws IOException, InterruptedException;

    HsValidateResult validate(HsValidateOptions options) throws IOException, InterruptedException;
}
