package io.hbench.replay;

import java.util.List;
import java.util.Optional;
import org.apache.hadoop.fs.Path;

/** Audit entries and their calls for tests, as the log reader would make them. */
final class Entries {
    static final ReplayPaths PATHS = new ReplayPaths(new Path("hdfs://nn:8020/hbench-replay/test"));

    private Entries() {
    }

    /** {@code command} on {@code src} by alice at {@code millis}. */
    static AuditEntry entry(long millis, AuditCommand command, String src) {
        return new AuditEntry(millis, "alice (auth:SIMPLE)", "10.0.0.1", command, src, Optional.empty(),
                Optional.empty());
    }

    /** A rename's or concat's line: {@code dst} its destination or target. */
    static AuditEntry entry(long millis, AuditCommand command, String src, String dst) {
        return new AuditEntry(millis, "alice (auth:SIMPLE)", "10.0.0.1", command, src, Optional.of(dst),
                Optional.empty());
    }

    /** A setPermission's or setOwner's line, with its logged {@code owner:group:permission}. */
    static AuditEntry withPerm(long millis, AuditCommand command, String src, String perm) {
        return new AuditEntry(millis, "alice (auth:SIMPLE)", "10.0.0.1", command, src, Optional.empty(),
                Optional.of(perm));
    }

    static ReplayCall call(AuditEntry entry) {
        return PATHS.map(entry).orElseThrow();
    }

    static ReplayLog log(List<AuditEntry> entries) {
        return new ReplayLog(List.of("audit.log"), entries.size(), entries, SkippedLines.NONE);
    }
}
