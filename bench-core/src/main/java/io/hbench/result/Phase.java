package io.hbench.result;

import static io.hbench.result.Checks.checkArgument;
import static io.hbench.result.Checks.checkNotBlank;
import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.Objects;

/** A named stretch of a run, such as TPCx-HS's HSSort or TestDFSIO's write job, to mark on resource charts. */
public final class Phase {
    private final String name;
    private final Instant start;
    private final Instant end;

    public Phase(String name, Instant start, Instant end) {
        this.name = checkNotBlank(name, "name");
        this.start = requireNonNull(start, "start is null");
        this.end = requireNonNull(end, "end is null");
        checkArgument(!end.isBefore(start), "phase %s ends before it starts: %s < %s", name, end, start);
    }

    public String name() {
        return name;
    }

    public Instant start() {
        return start;
    }

    public Instant end() {
        return end;
    }

    @Override
    public boolean equals(Object obj) {
        if (!(obj instanceof Phase)) {
            return false;
        }
        Phase that = (Phase) obj;
        return name.equals(that.name) && start.equals(that.start) && end.equals(that.end);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, start, end);
    }

    @Override
    public String toString() {
        return name + " [" + start + ", " + end + "]";
    }
}
