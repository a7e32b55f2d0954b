package io.hbench.hs;

import io.hbench.error.InvalidOptionException;
import static java.util.Objects.requireNonNull;

import java.math.BigDecimal;
import java.util.Objects;
import java.util.Optional;

/** An immutable TPCx-HS run: scale factor, base directory, task counts, replication and an optional price. */
public final class TpcxhsOptions {
    public static final String DEFAULT_BASE_DIR = "/benchmarks/TPCx-HS";
    public static final int RUNS = 2;

    private final ScaleFactor scaleFactor;
    private final String baseDir;
    private final Integer maps;
    private final Integer reduces;
    private final int replication;
    private final BigDecimal price;

    private TpcxhsOptions(Builder builder) {
        this.scaleFactor = builder.scaleFactor;
        this.baseDir = builder.baseDir;
        this.maps = builder.maps;
        this.reduces = builder.reduces;
        this.replication = builder.replication;
        this.price = builder.price;
    }

    public static Builder builder(ScaleFactor scaleFactor) {
        return new Builder(scaleFactor);
    }

    public ScaleFactor scaleFactor() {
        return scaleFactor;
    }

    public String baseDir() {
        return baseDir;
    }

    public Optional<Integer> maps() {
        return Optional.ofNullable(maps);
    }

    public Optional<Integer> reduces() {
        return Optional.ofNullable(reduces);
    }

    public int replication() {
        return replication;
    }

    /** The system's price, for $/HSph@SF. */
    public Optional<BigDecimal> price() {
        return Optional.ofNullable(price);
    }

    String genDir() {
        return baseDir + "/HSGen";
    }

    String sortDir() {
        return baseDir + "/HSSort";
    }

    String reportDir() {
        return baseDir + "/HSValidate";
    }

    HsGenOptions genOptions() {
        HsGenOptions.Builder options = HsGenOptions.builder(scaleFactor.rows()).outputDir(genDir())
                .replication(replication);
        if (maps != null) {
            options.maps(maps);
        }
        return options.build();
    }

    HsSortOptions sortOptions() {
        return HsSortOptions.builder().inputDir(genDir()).outputDir(sortDir()).reduces(reduces)
                .replication(replication).build();
    }

    HsValidateOptions validateOptions() {
        return HsValidateOptions.builder().inputDir(sortDir()).reportDir(reportDir()).genDir(genDir()).build();
    }

    HsDataCheckOptions dataCheckOptions(String dir) {
        return HsDataCheckOptions.builder(dir).expectedRows(scaleFactor.rows()).replication(replication).build();
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof TpcxhsOptions)) {
            return false;
        }
        TpcxhsOptions that = (TpcxhsOptions) o;
        return scaleFactor.equals(that.scaleFactor) && baseDir.equals(that.baseDir) && Objects.equals(maps, that.maps)
                && Objects.equals(reduces, that.reduces) && replication == that.replication
                && Objects.equals(price, that.price);
    }

    @Override
    public int hashCode() {
        return Objects.hash(scaleFactor, baseDir, maps, reduces, replication, price);
    }

    @Override
    public String toString() {
        return "TpcxhsOptions{sf=" + scaleFactor + ", rows=" + scaleFactor.rows() + ", baseDir=" + baseDir + ", maps="
                + maps + ", reduces=" + reduces + ", replication=" + replication + ", price=" + price + "}";
    }

    public static final class Builder {
        private final ScaleFactor scaleFactor;
        private String baseDir = DEFAULT_BASE_DIR;
        private Integer maps;
        private Integer reduces;
        private int replication = HsGenOptions.DEFAULT_REPLICATION;
        private BigDecimal price;

        private Builder(ScaleFactor scaleFactor) {
            this.scaleFactor = requireNonNull(scaleFactor, "scaleFactor is null");
        }

        public Builder baseDir(String baseDir) {
            this.baseDir = requireNonNull(baseDir, "baseDir is null");
            return this;
        }

        public Builder maps(Integer maps) {
            this.maps = maps;
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

        public Builder price(BigDecimal price) {
            this.price = price;
            return this;
        }

        public TpcxhsOptions build() {
            HsOptions.checkPath("baseDir", baseDir);
            if (price != null && price.signum() <= 0) {
                throw new InvalidOptionException("{} must be above 0, got " + price.toPlainString(), "price");
            }
            TpcxhsOptions options = new TpcxhsOptions(this);
            // Check the phases' own options now, so bad values fail before anything runs.
            options.genOptions();
            options.sortOptions();
            return options;
        }
    }
}
