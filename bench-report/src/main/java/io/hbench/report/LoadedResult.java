package io.hbench.report;

import io.hbench.result.BenchResult;

import java.nio.file.Path;

import static java.util.Objects.requireNonNull;

/** A result and the file it was read from, so that messages can name the file. */
public final class LoadedResult {
    private final Path file;
    private final BenchResult result;

    public LoadedResult(Path file, BenchResult result) {
        this.file = requireNonNull(file, "file is null");
        this.result = requireNonNull(result, "result is null");
    }

    public Path file() {
        return file;
    }

    public BenchResult result() {
        return result;
    }
}
