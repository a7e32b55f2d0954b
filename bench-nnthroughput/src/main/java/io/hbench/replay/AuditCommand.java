package io.hbench.replay;

import static java.util.Objects.requireNonNull;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The commands of a NameNode's audit log that AuditReplay replays: every one a client issues through the
 * {@link org.apache.hadoop.fs.FileSystem} API, named as {@code FSNamesystem} logs them in {@code cmd=}.
 */
public enum AuditCommand {
    OPEN("open"),
    CREATE("create"),
    MKDIRS("mkdirs"),
    DELETE("delete"),
    RENAME("rename"),
    GET_FILE_INFO("getfileinfo"),
    LIST_STATUS("listStatus"),
    CONTENT_SUMMARY("contentSummary"),
    SET_PERMISSION("setPermission"),
    SET_OWNER("setOwner"),
    SET_TIMES("setTimes"),
    SET_REPLICATION("setReplication"),
    APPEND("append"),
    CONCAT("concat"),
    TRUNCATE("truncate"),
    GET_ACL_STATUS("getAclStatus");

    /** How FSNamesystem logs a rename with options: {@code cmd=rename (options=[OVERWRITE])}. */
    private static final String RENAME_WITH_OPTIONS = "rename (options=";

    private final String label;

    AuditCommand(String label) {
        this.label = label;
    }

    /** The command's name in the log's {@code cmd=} field, in results and on the command line. */
    public String label() {
        return label;
    }

    /** The command the log's {@code cmd=} value names; empty for one AuditReplay does not replay. */
    public static Optional<AuditCommand> byLogName(String cmd) {
        requireNonNull(cmd, "cmd is null");
        if (cmd.startsWith(RENAME_WITH_OPTIONS)) {
            return Optional.of(RENAME);
        }
        return Arrays.stream(values()).filter(command -> command.label.equals(cmd)).findFirst();
    }

    /** Every command's label, joined by {@code separator}. */
    public static String labels(String separator) {
        return Arrays.stream(values()).map(AuditCommand::label).collect(Collectors.joining(separator));
    }
}
