package io.hbench.result;

/** Whether a benchmark run passed; a run FAILED exactly when it recorded at least one failure. */
public enum Outcome {
    PASSED,
    FAILED
}
