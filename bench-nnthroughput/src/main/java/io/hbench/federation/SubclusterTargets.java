package io.hbench.federation;

import static java.util.Objects.requireNonNull;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * How a run through Routers finds the subclusters it loads one after the other: from the Router's mount table
 * ({@code -perSubcluster}), or by the paths given, one per subcluster ({@code -subClusterPath}, as in HDFS-17221).
 */
public final class SubclusterTargets {
    private final List<String> paths;

    private SubclusterTargets(List<String> paths) {
        this.paths = paths;
    }

    /** Each subcluster of the Router's mount table. */
    public static SubclusterTargets fromMountTable() {
        return new SubclusterTargets(null);
    }

    /**
     * The subclusters these paths of the federation's namespace are in, one path each.
     *
     * @throws IllegalArgumentException for no path, a path that is not absolute, or one given twice
     */
    public static SubclusterTargets paths(List<String> paths) {
        requireNonNull(paths, "paths is null");
        if (paths.isEmpty()) {
            throw new IllegalArgumentException("no path");
        }
        Set<String> seen = new HashSet<>();
        for (String path : paths) {
            if (path == null || !path.startsWith("/") || path.equals("/")) {
                throw new IllegalArgumentException("'" + path + "' is not an absolute path below the root");
            }
            if (!seen.add(path)) {
                throw new IllegalArgumentException(path + " is given twice");
            }
        }
        return new SubclusterTargets(List.copyOf(paths));
    }

    /** The paths given; empty for the mount table's subclusters. */
    public Optional<List<String>> givenPaths() {
        return Optional.ofNullable(paths);
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof SubclusterTargets && Objects.equals(paths, ((SubclusterTargets) obj).paths);
    }

    @Override
    public int hashCode() {
        return Objects.hashCode(paths);
    }

    @Override
    public String toString() {
        return paths == null ? "perSubcluster" : "subClusterPath " + String.join(",", paths);
    }
}
