package io.hbench.hs;

import io.hbench.error.InvalidOptionException;
import static java.util.Objects.requireNonNull;

import java.util.Objects;
import java.util.Optional;

/**
 * An immutable HSValidate run: the sorted data, where the report goes, and what to compare with:
 * HSGen's summary from {@link #genDir} if given, else the one HSSort carried into the sorted
 * directory; {@link #expectedRows} overrides the row count.
 */
public final class HsValidateOptions {
    public static final String DEFAULT_INPUT = "/benchmarks/TPCx-HS/HSSort";
    public static final String DEFAULT_REPORT = "/benchmarks/TPCx-HS/HSValidate";

    private final String inputDir;
    private final String reportDir;
    private final String genDir;
    private final Long expectedRows;

    private HsValidateOptions(Builder builder) {
        this.inputDir = builder.inputDir;
        this.reportDir = builder.reportDir;
        this.genDir = builder.genDir;
        this.expectedRows = builder.expectedRows;
    }

    public static Builder builder() {
        return new Builder();
    }

    public String inputDir() {
        return inputDir;
    }

    public String reportDir() {
        return reportDir;
    }

    public Optional<String> genDir() {
        return Optional.ofNullable(genDir);
    }

    public Optional<Long> expectedRows() {
        return Optional.ofNullable(expectedRows);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof HsValidateOptions)) {
            return false;
        }
        HsValidateOptions that = (HsValidateOptions) o;
        return inputDir.equals(that.inputDir) && reportDir.equals(that.reportDir) && Objects.equals(genDir, that.genDir)
                && Objects.equals(expectedRows, that.expectedRows);
    }

    @Override
    public int hashCode() {
        return Objects.hash(inputDir, reportDir, genDir, expectedRows);
    }

    @Override
    public String toString() {
        return "HsValidateOptions{input=" + inputDir + ", report=" + reportDir + ", gen=" + genDir + ", rows="
                + expectedRows + "}";
    }

    public static final class Builder {
        private String inputDir = DEFAULT_INPUT;
        private String reportDir = DEFAULT_REPORT;
        private String genDir;
        private Long expectedRows;

        public Builder inputDir(String inputDir) {
            this.inputDir = requireNonNull(inputDir, "inputDir is null");
            return this;
        }

        public Builder reportDir(String reportDir) {
            this.reportDir = requireNonNull(reportDir, "reportDir is null");
            return this;
        }

        public Builder genDir(String genDir) {
            this.genDir = genDir;
            return this;
        }

        public Builder expectedRows(Long expectedRows) {
            this.expectedRows = expectedRows;
            return this;
        }

        public HsValidateOptions build() {
            HsOptions.checkPath("inputDir", inputDir);
            HsOptions.checkPath("reportDir", reportDir);
            if (genDir != null) {
                HsOptions.checkPath("genDir", genDir);
            }
            if (expectedRows != null && expectedRows < 1) {
                throw new InvalidOptionException("{} must be at least 1, got " + expectedRows, "expectedRows");
            }
            if (new org.apache.hadoop.fs.Path(inputDir).equals(new org.apache.hadoop.fs.Path(reportDir))) {
                throw new InvalidOptionException("{} must not be the {} directory: the report replaces what is"
                        + " in it", "reportDir", "inputDir");
            }
            return new HsValidateOptions(this);
        }
    }
}
