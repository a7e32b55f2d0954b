package io.hbench.dfsio;

import static java.util.Objects.requireNonNull;

/**
 * Where a {@code -readFrom} read's tasks ran, as each task found it: on a host that held a replica of its file, or
 * not; and for how many files no host that runs tasks was as {@code -readFrom} asked, so that their tasks asked for
 * none. The scheduler takes the hosts asked for as preferences, so what the tasks found is the figure to trust.
 */
public final class ReadLocality {
    private final ReadFrom readFrom;
    private final long filesWithoutHost;
    private final long tasksOnReplicaHost;
    private final long tasksElsewhere;

    public ReadLocality(ReadFrom readFrom, long filesWithoutHost, long tasksOnReplicaHost, long tasksElsewhere) {
        this.readFrom = requireNonNull(readFrom, "readFrom is null");
        if (filesWithoutHost < 0 || tasksOnReplicaHost < 0 || tasksElsewhere < 0) {
            throw new IllegalArgumentException("counts must not be negative, got " + filesWithoutHost + ", "
                    + tasksOnReplicaHost + " and " + tasksElsewhere);
        }
        this.filesWithoutHost = filesWithoutHost;
        this.tasksOnReplicaHost = tasksOnReplicaHost;
        this.tasksElsewhere = tasksElsewhere;
    }

    public ReadFrom readFrom() {
        return readFrom;
    }

    /** Files for which no host that runs tasks was as asked: none held a replica (local) or all did (other). */
    public long filesWithoutHost() {
        return filesWithoutHost;
    }

    /** Tasks that ran on a host holding a replica of some block of their file. */
    public long tasksOnReplicaHost() {
        return tasksOnReplicaHost;
    }

    /** Tasks that ran on a host holding no replica of their file. */
    public long tasksElsewhere() {
        return tasksElsewhere;
    }

    public long tasks() {
        return tasksOnReplicaHost + tasksElsewhere;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof ReadLocality)) {
            return false;
        }
        ReadLocality that = (ReadLocality) o;
        return readFrom == that.readFrom && filesWithoutHost == that.filesWithoutHost
                && tasksOnReplicaHost == that.tasksOnReplicaHost && tasksElsewhere == that.tasksElsewhere;
    }

    @Override
    public int hashCode() {
        return ((readFrom.hashCode() * 31 + Long.hashCode(filesWithoutHost)) * 31 + Long.hashCode(tasksOnReplicaHost))
                * 31 + Long.hashCode(tasksElsewhere);
    }

    @Override
    public String toString() {
        return readFrom.label() + ": " + tasksOnReplicaHost + " on a replica's host, " + tasksElsewhere
                + " elsewhere, " + filesWithoutHost + " files without a host as asked";
    }
}
