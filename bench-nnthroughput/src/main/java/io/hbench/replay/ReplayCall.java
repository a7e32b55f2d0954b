package io.hbench.replay;

import static java.util.Objects.requireNonNull;

import java.util.List;
import org.apache.hadoop.fs.Path;

/**
 * One logged command as AuditReplay issues it: the logged line, its paths as logged but normalized ({@code /a/b}), and
 * where each lands under the prefix. Immutable.
 */
public final class ReplayCall {
    private final AuditEntry entry;
    private final List<String> paths;
    private final List<Path> onTarget;

    /**
     * @param paths the normalized logged paths, the one the command works on first ({@link #path}), then
     *     {@link #others}
     * @param onTarget each of {@code paths} under the prefix, in the same order
     */
    ReplayCall(AuditEntry entry, List<String> paths, List<Path> onTarget) {
        this.entry = requireNonNull(entry, "entry is null");
        this.paths = List.copyOf(paths);
        this.onTarget = List.copyOf(onTarget);
        if (this.paths.isEmpty() || this.paths.size() != this.onTarget.size()) {
            throw new IllegalArgumentException("one path on the target per logged path, at least one: " + paths
                    + ", " + onTarget);
        }
    }

    public AuditEntry entry() {
        return entry;
    }

    public AuditCommand command() {
        return entry.command();
    }

    /** The path the command works on, normalized: concat's target, rename's source, otherwise {@code src}. */
    public String path() {
        return paths.get(0);
    }

    /** Rename's destination, or concat's sources; none for the other commands. */
    public List<String> others() {
        return paths.subList(1, paths.size());
    }

    /** {@link #path} under the prefix. */
    public Path target() {
        return onTarget.get(0);
    }

    /** {@link #others} under the prefix. */
    public List<Path> otherTargets() {
        return onTarget.subList(1, onTarget.size());
    }

    @Override
    public String toString() {
        return command().label() + " " + String.join(" ", paths);
    }
}
