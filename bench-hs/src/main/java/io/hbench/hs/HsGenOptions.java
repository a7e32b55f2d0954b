package io.hbench.hs;

import io.hbench.error.InvalidOptionException;
import static java.util.Objects.requireNonNull;

import java.util.Objects;

/** An immutable HSGen workload: how many rows, over how many maps, where, with what replication and keys. */
public final class HsGenOptions {
    public static final String DEFAULT_OUTPUT = "/benchmarks/TPCx-HS/HSGen";
    /** Without -maps, one map per this many rows (100 MB of data), at least one. */
    public static final long ROWS_PER_MAP = 1_000_000;
    public static final int MAX_MAPS = 100_000;
    public static final int DEFAULT_REPLICATION = 3;
    public static final int MAX_REPLICATION = 512;

    private final long rows;
    private final int maps;
    private final String outputDir;
    private final int replication;
    private final KeySkew skew;

    private HsGenOptions(Builder builder, int maps) {
        this.rows = builder.rows;
        this.maps = maps;
        this.outputDir = builder.outputDir;
        this.replication = builder.replication;
        this.skew = builder.skew;
    }

    public static Builder builder(long rows) {
        return new Builder(rows);
    }

    public long rows() {
        return rows;
    }

    public int maps() {
        return maps;
    }

    public String outputDir() {
        return outputDir;
    }

    public int replication() {
        return replication;
    }

    public KeySkew skew() {
        return skew;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof HsGenOptions)) {
            return false;
        }
        HsGenOptions that = (HsGenOptions) o;
        return rows == that.rows && maps == that.maps && replication == that.replication
                && outputDir.equals(that.outputDir) && skew == that.skew;
    }

    @Override
    public int hashCode() {
        return Objects.hash(rows, maps, outputDir, replication, skew);
    }

    @Override
    public String toString() {
        return "HsGenOptions{rows=" + rows + ", maps=" + maps + ", outputDir=" + outputDir + ", replication="
                + replication + ", skew=" + skew + "}";
    }

    public static final class Builder {
        private final long rows;
        private Integer maps;
        private String outputDir = DEFAULT_OUTPUT;
        private int replication = DEFAULT_REPLICATION;
        private KeySkew skew = KeySkew.NONE;

        private Builder(long rows) {
            this.rows = rows;
        }

        public Builder maps(int maps) {
            this.maps = maps;
            return this;
        }

        public Builder outputDir(String outputDir) {
            this.outputDir = requireNonNull(outputDir, "outputDir is null");
            return this;
        }

        public Builder replication(int replication) {
            this.replication = replication;
            return this;
        }

        public Builder skew(KeySkew skew) {
            this.skew = requireNonNull(skew, "skew is null");
            return this;
        }

        public HsGenOptions build() {
            if (rows < 1) {
                throw new InvalidOptionException("{} must be at least 1, got " + rows, "rows");
            }
            int resolvedMaps = maps != null ? maps : (int) Math.min(MAX_MAPS, (rows + ROWS_PER_MAP - 1) / ROWS_PER_MAP);
            if (resolvedMaps < 1 || resolvedMaps > MAX_MAPS) {
                throw new InvalidOptionException("{} must be from 1 to " + MAX_MAPS + ", got " + resolvedMaps, "maps");
            }
            if (resolvedMaps > rows) {
                throw new InvalidOptionException("{} " + resolvedMaps + " is more than the " + rows
                        + " rows to generate: every map needs at least one row", "maps");
            }
            HsOptions.checkReplication(replication);
            HsOptions.checkPath("outputDir", outputDir);
            return new HsGenOptions(this, resolvedMaps);
        }
    }
}
