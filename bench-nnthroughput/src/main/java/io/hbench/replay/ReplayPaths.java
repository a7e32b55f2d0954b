package io.hbench.replay;

import static java.util.Objects.requireNonNull;

import io.hbench.fs.OwnedDirectory;
import java.net.URI;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.hadoop.fs.Path;

/**
 * Where a logged path is replayed: {@code /a/b} at {@code <prefix>/a/b}. A path that would land outside the prefix is
 * refused: one whose {@code ..} climbs above the root, a relative one, and a change to the prefix itself ({@code /}) or
 * to its {@value OwnedDirectory#MARKER} marker. Nothing outside the prefix is ever named, so nothing outside it is
 * touched.
 */
public final class ReplayPaths {
    /** The commands that only read: the only ones replayed on the logged root, the prefix itself. */
    private static final Set<AuditCommand> READS = EnumSet.of(AuditCommand.GET_FILE_INFO, AuditCommand.LIST_STATUS,
            AuditCommand.CONTENT_SUMMARY, AuditCommand.GET_ACL_STATUS);

    private final Path prefix;
    private final String prefixPath;

    /** @param prefix the prefix, qualified: its file system's scheme and authority, and its path */
    public ReplayPaths(Path prefix) {
        this.prefix = requireNonNull(prefix, "prefix is null");
        if (!prefix.isAbsolute() || prefix.isRoot()) {
            throw new IllegalArgumentException("the prefix must be an absolute path below the root, got " + prefix);
        }
        this.prefixPath = prefix.toUri().getPath();
    }

    public Path prefix() {
        return prefix;
    }

    /**
     * {@code logged} with {@code .}, {@code ..} and repeated slashes resolved, {@code /a/b}; empty when it is relative,
     * climbs above the root or names the marker.
     */
    public static Optional<String> normalize(String logged) {
        requireNonNull(logged, "logged is null");
        if (!logged.startsWith("/")) {
            return Optional.empty();
        }
        Deque<String> names = new ArrayDeque<>();
        for (String name : logged.split("/")) {
            if (name.isEmpty() || name.equals(".")) {
                continue;
            }
            if (name.equals("..")) {
                if (names.isEmpty()) {
                    return Optional.empty();
                }
                names.removeLast();
            } else {
                names.addLast(name);
            }
        }
        if (!names.isEmpty() && names.peekFirst().equals(OwnedDirectory.MARKER)) {
            return Optional.empty();
        }
        return Optional.of("/" + String.join("/", names));
    }

    /** Normalized path {@code normalized} under the prefix; the prefix itself for {@code /}. */
    public Path onTarget(String normalized) {
        URI uri = prefix.toUri();
        return new Path(uri.getScheme(), uri.getAuthority(), normalized.equals("/") ? prefixPath
                : prefixPath + normalized);
    }

    /**
     * {@code entry} as it is replayed under the prefix; empty when one of its paths would land outside it, or a command
     * other than a read works on the logged root, or a rename or concat lacks its destination or target.
     */
    public Optional<ReplayCall> map(AuditEntry entry) {
        requireNonNull(entry, "entry is null");
        List<String> logged = new ArrayList<>();
        switch (entry.command()) {
            case RENAME:
                if (entry.dst().isEmpty()) {
                    return Optional.empty();
                }
                logged.add(entry.src());
                logged.add(entry.dst().get());
                break;
            case CONCAT:
                if (entry.dst().isEmpty()) {
                    return Optional.empty();
                }
                logged.add(entry.dst().get());
                logged.addAll(concatSources(entry.src()));
                break;
            default:
                logged.add(entry.src());
        }
        List<String> paths = new ArrayList<>();
        List<Path> onTarget = new ArrayList<>();
        for (String path : logged) {
            Optional<String> normalized = normalize(path);
            if (normalized.isEmpty() || normalized.get().equals("/") && !READS.contains(entry.command())) {
                return Optional.empty();
            }
            paths.add(normalized.get());
            onTarget.add(onTarget(normalized.get()));
        }
        return Optional.of(new ReplayCall(entry, paths, onTarget));
    }

    /** Concat's sources as FSNamesystem logs them, {@code [/a, /b]}; none for an empty list. */
    static List<String> concatSources(String logged) {
        String list = logged.startsWith("[") && logged.endsWith("]") ? logged.substring(1, logged.length() - 1)
                : logged;
        return list.isEmpty() ? List.of() : List.of(list.split(", "));
    }
}
