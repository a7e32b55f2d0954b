package io.hbench.nnthroughput;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;

/** Not implemented yet. */
final class BlockReports {
    private final NnOptions options;

    BlockReports(Object owner, NameNodeTarget target, NnOptions options) {
        this.options = options;
    }

    BlockReports(NameNodeTarget target, NnOptions options) {
        this.options = options;
    }

    OpResult run() {
        throw new BenchException(ErrorCode.INVALID_ARGUMENT, "-op " + options.operation().label() + " is not implemented yet");
    }
}
