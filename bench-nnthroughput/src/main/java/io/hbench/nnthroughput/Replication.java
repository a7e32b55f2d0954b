package io.hbench.nnthroughput;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;

/** Not implemented yet. */
final class Replication {
    private final NnOptions options;

    Replication(Object owner, NameNodeTarget target, NnOptions options) {
        this.options = options;
    }

    Replication(NameNodeTarget target, NnOptions options) {
        this.options = options;
    }

    OpResult run() {
        throw new BenchException(ErrorCode.INVALID_ARGUMENT, "-op " + options.operation().label() + " is not implemented yet");
    }
}
