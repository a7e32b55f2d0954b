package io.hbench.hs;

import io.hbench.error.InvalidOptionException;
import static java.util.Objects.requireNonNull;

import java.util.Objects;
import java.util.Optional;

/** An immutable HSSort run: input, output, reducers (default: one per 512 MiB of input), replication, sampler. */
public final class HsSortOptions {
    public static final String DEFAULT_OUTPUT = "/benchmarks/TPCx-HS/HSSort";
    public static final long BYTES_PER_REDUCER = 512L << 20;
    public static final int MAX_REDUCES = 100_000;

    private final String inputDir;
    private final String outputDir;
    private final Integer reduces;
    private final int replication;
    private final Sampler sampler;

    private HsSortOptions(Builder builder) {
        this.inputDir = builder.inputDir;
        this.outputDir = builder.outputDir;
        this.reduces = builder.reduces;
        this.replication = builder.replication;
        this.sampler = builder.sampler;
    }

    public static Builder builder() {
        return new Builder();
    }

    public String inputDir() {
        return inputDir;
    }

    public String outputDir() {
        return outputDir;
    }

    /** Reducers asked for; empty means one per {@value #BYTES_PER_REDUCER} bytes of input. */
    public Optional<Integer> reduces() {
        return Optional.ofNullable(reduces);
    }

    public int replication() {
        return replication;
    }

    public Sampler sampler() {
        return sampler;
    }

    /** The reducers for {@code inputBytes} of input. */
    public int reducesFor(long inputBytes) {
        return reduces != null ? reduces
                : (int) Math.max(1, Math.min(MAX_REDUCES, (inputBytes + BYTES_PER_REDUCER - 1) / BYTES_PER_REDUCER));
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof HsSortOptions)) {
            return false;
        }
        HsSortOptions that = (HsSortOptions) o;
        return inputDir.equals(that.inputDir) && outputDir.equals(that.outputDir) && Objects.equals(reduces, that.reduces)
                && replication == that.replication && sampler == that.sampler;
    }

    @Override
    public int hashCode() {
        return Objects.hash(inputDir, outputDir, reduces, replication, sampler);
    }

    @Override
    public String toString() {
        return "HsSortOptions{input=" + inputDir + ", output=" + outputDir + ", reduces=" + reduces + ", replication="
                + replication + ", sampler=" + sampler + "}";
    }

    public static final class Builder {
        private String inputDir = HsGenOptions.DEFAULT_OUTPUT;
        private String outputDir = DEFAULT_OUTPUT;
        private Integer reduces;
        private int replication = HsGenOptions.DEFAULT_REPLICATION;
        private Sampler sampler = Sampler.BALANCED;

        public Builder inputDir(String inputDir) {
            this.inputDir = requireNonNull(inputDir, "inputDir is null");
            return this;
        }

        public Builder outputDir(String outputDir) {
            this.outputDir = requireNonNull(outputDir, "outputDir is null");
            return this;
        }

        public Builder reduces(Integer reduces) {
            this.reduces = reduces;
            return this;
        }

        public Builder replication(int replication) {
            this.replication = replication;
            return this;
        }

        public Builder sampler(Sampler sampler) {
            this.sampler = requireNonNull(sampler, "sampler is null");
            return this;
        }

        public HsSortOptions build() {
            HsOptions.checkPath("inputDir", inputDir);
            HsOptions.checkPath("outputDir", outputDir);
            if (reduces != null && (reduces < 1 || reduces > MAX_REDUCES)) {
                throw new InvalidOptionException("{} must be from 1 to " + MAX_REDUCES + ", got " + reduces, "reduces");
            }
            HsOptions.checkReplication(replication);
            if (new org.apache.hadoop.fs.Path(inputDir).equals(new org.apache.hadoop.fs.Path(outputDir))) {
                throw new InvalidOptionException("{} must not be the {} directory: the output replaces what is"
                        + " in it", "outputDir", "inputDir");
            }
            return new HsSortOptions(this);
        }
    }
}
