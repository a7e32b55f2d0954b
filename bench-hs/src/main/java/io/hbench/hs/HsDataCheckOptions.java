package io.hbench.hs;

import io.hbench.error.InvalidOptionException;
import static java.util.Objects.requireNonNull;

import java.util.Objects;
import java.util.Optional;

/**
 * An immutable HSDataCheck run: the directory, the record count to expect (if known), and the
 * least replication every file must have: TPCx-HS requires {@value #COMPLIANT_REPLICATION}; a
 * lower one may be asked for, and the run is then marked not compliant.
 */
public final class HsDataCheckOptions {
    public static final int COMPLIANT_REPLICATION = 3;

    private final String dir;
    private final Long expectedRows;
    private final int replication;

    private HsDataCheckOptions(Builder builder) {
        this.dir = builder.dir;
        this.expectedRows = builder.expectedRows;
        this.replication = builder.replication;
    }

    public static Builder builder(String dir) {
        return new Builder(dir);
    }

    public String dir() {
        return dir;
    }

    public Optional<Long> expectedRows() {
        return Optional.ofNullable(expectedRows);
    }

    public int replication() {
        return replication;
    }

    /** False when the required replication is below TPCx-HS's. */
    public boolean compliant() {
        return replication >= COMPLIANT_REPLICATION;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof HsDataCheckOptions)) {
            return false;
        }
        HsDataCheckOptions that = (HsDataCheckOptions) o;
        return dir.equals(that.dir) && Objects.equals(expectedRows, that.expectedRows) && replication == that.replication;
    }

    @Override
    public int hashCode() {
        return Objects.hash(dir, expectedRows, replication);
    }

    @Override
    public String toString() {
        return "HsDataCheckOptions{dir=" + dir + ", rows=" + expectedRows + ", replication=" + replication + "}";
    }

    public static final class Builder {
        private final String dir;
        private Long expectedRows;
        private int replication = COMPLIANT_REPLICATION;

        private Builder(String dir) {
            this.dir = requireNonNull(dir, "dir is null");
        }

        public Builder expectedRows(Long expectedRows) {
            this.expectedRows = expectedRows;
            return this;
        }

        public Builder replication(int replication) {
            this.replication = replication;
            return this;
        }

        public HsDataCheckOptions build() {
            HsOptions.checkPath("dir", dir);
            if (expectedRows != null && expectedRows < 1) {
                throw new InvalidOptionException("{} must be at least 1, got " + expectedRows, "expectedRows");
            }
            HsOptions.checkReplication(replication);
            return new HsDataCheckOptions(this);
        }
    }
}
