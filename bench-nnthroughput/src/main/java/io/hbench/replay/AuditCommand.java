package io.hbench.replay;

import static java.util.Objects.requireNonNull;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
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

    /**
     * On HDFS, the RPC methods of each command's call through DistributedFileSystem ({@link FileSystemTarget}), by its
     * label, as the NameNode's counters name them: the streams of create and append complete the file as they close,
     * open asks for the blocks' locations.
     */
    static final Map<String, List<String>> RPC_METHODS = Map.ofEntries(
            Map.entry(OPEN.label, List.of("getBlockLocations")),
            Map.entry(CREATE.label, List.of("create", "complete")),
            Map.entry(MKDIRS.label, List.of("mkdirs")),
            Map.entry(DELETE.label, List.of("delete")),
            Map.entry(RENAME.label, List.of("rename")),
            Map.entry(GET_FILE_INFO.label, List.of("getFileInfo")),
            Map.entry(LIST_STATUS.label, List.of("getListing")),
            Map.entry(CONTENT_SUMMARY.label, List.of("getContentSummary")),
            Map.entry(SET_PERMISSION.label, List.of("setPermission")),
            Map.entry(SET_OWNER.label, List.of("setOwner")),
            Map.entry(SET_TIMES.label, List.of("setTimes")),
            Map.entry(SET_REPLICATION.label, List.of("setReplication")),
            Map.entry(APPEND.label, List.of("append", "complete")),
            Map.entry(CONCAT.label, List.of("concat")),
            Map.entry(TRUNCATE.label, List.of("truncate")),
            Map.entry(GET_ACL_STATUS.label, List.of("getAclStatus")));

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
