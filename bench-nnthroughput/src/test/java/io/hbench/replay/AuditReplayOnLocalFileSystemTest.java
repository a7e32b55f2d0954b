package io.hbench.replay;

import static io.hbench.replay.Entries.entry;
import static io.hbench.replay.Entries.withPerm;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.fs.OwnedDirectory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.security.UserGroupInformation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real target, the FileSystem API, on the local file system (file:///) in a temporary directory: every one of the
 * 16 commands, what the local file system does not support counted as unsupported; nothing outside the prefix
 * changes, and the tree is removed unless kept.
 */
class AuditReplayOnLocalFileSystemTest {
    @TempDir
    Path dir;

    private static List<String> tree(Path root) throws IOException {
        try (Stream<Path> paths = Files.walk(root)) {
            return paths.map(path -> root.relativize(path) + (Files.isDirectory(path) ? "/" : " "
                    + path.toFile().length())).sorted().collect(Collectors.toList());
        }
    }

    /** One line of each command, on what the prepare pass creates or an earlier line made. */
    private static ReplayLog everyCommand() throws IOException {
        UserGroupInformation me = UserGroupInformation.getCurrentUser();
        String owner = me.getShortUserName() + ":" + me.getPrimaryGroupName() + ":rw-r-----";
        return Entries.log(List.of(
                entry(1_000, AuditCommand.CREATE, "/d/new"),
                entry(1_001, AuditCommand.OPEN, "/d/in"),
                entry(1_002, AuditCommand.MKDIRS, "/d/sub/deeper"),
                entry(1_003, AuditCommand.GET_FILE_INFO, "/d/in"),
                entry(1_004, AuditCommand.LIST_STATUS, "/d"),
                entry(1_005, AuditCommand.CONTENT_SUMMARY, "/d"),
                withPerm(1_006, AuditCommand.SET_PERMISSION, "/d/in", "nobody:nogroup:rw-------"),
                withPerm(1_007, AuditCommand.SET_OWNER, "/d/in", owner),
                entry(1_008, AuditCommand.SET_TIMES, "/d/in"),
                entry(1_009, AuditCommand.SET_REPLICATION, "/d/in"),
                entry(1_010, AuditCommand.APPEND, "/d/in"),
                entry(1_011, AuditCommand.CONCAT, "[/d/c1, /d/c2]", "/d/target"),
                entry(1_012, AuditCommand.TRUNCATE, "/d/t"),
                entry(1_013, AuditCommand.GET_ACL_STATUS, "/d/in"),
                entry(1_014, AuditCommand.RENAME, "/d/new", "/d/renamed"),
                entry(1_015, AuditCommand.DELETE, "/d/sub")));
    }

    /** One worker, so that the commands run one after the other in logged order, however late. */
    private AuditReplayOptions.Builder options(String prefix) {
        return AuditReplayOptions.builder().logs(List.of("audit.log")).prefix(dir.toUri() + prefix).threads(1)
                .rateFactor(10);
    }

    @Test
    void theParentsTheClaimMadeGoWithThePrefixAndThoseThatWereThereStay() throws Exception {
        Files.createDirectories(dir.resolve("there"));

        new AuditReplay(new Configuration()).run(options("there/made/deeper/replay").build(), everyCommand());

        assertThat(tree(dir)).containsExactly("/", "there/");
    }

    @Test
    void everyCommandIsIssuedAndWhatTheLocalFileSystemLacksIsCountedAsUnsupported() throws Exception {
        AuditReplayResult result = new AuditReplay(new Configuration()).run(options("replay").keep(true).build(),
                everyCommand());

        assertThat(result.commands()).isEqualTo(16);
        assertThat(result.kinds()).containsExactly(AuditCommand.values());
        // LocalFileSystem checksums its files: it appends, concatenates and truncates none, and has no ACLs.
        assertThat(result.outcome().failures().byCommand()).containsExactlyInAnyOrderEntriesOf(Map.of(
                AuditCommand.APPEND, Map.of(FailureCause.UNSUPPORTED, 1L),
                AuditCommand.CONCAT, Map.of(FailureCause.UNSUPPORTED, 1L),
                AuditCommand.TRUNCATE, Map.of(FailureCause.UNSUPPORTED, 1L),
                AuditCommand.GET_ACL_STATUS, Map.of(FailureCause.UNSUPPORTED, 1L)));
        assertThat(result.failure()).isEmpty();
        // Prepared: /d/in for the reads, the concat's target and sources and the truncated file with a byte each.
        assertThat(result.outcome().preparedFiles()).isEqualTo(5);
        assertThat(tree(dir.resolve("replay")).stream().filter(entry -> !entry.contains(".crc")))
                .containsExactly(OwnedDirectory.MARKER + " 78", "/", "d/", "d/c1 1", "d/c2 1", "d/in 0",
                        "d/renamed 0", "d/t 1", "d/target 1");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("replay/d/in"))))
                .as("setPermission's").isEqualTo("rw-------");
    }

    /**
     * As each logged user, through proxy users of the running one (the local file system asks no one's leave): every
     * command is issued, and the prefix and what was prepared are open to every user, since the running user owns them.
     */
    @Test
    void impersonatingOpensWhatThePreparePassMadeToTheLoggedUsers() throws Exception {
        ReplayLog log = Entries.log(List.of(entry(0, AuditCommand.OPEN, "/d/in"),
                new AuditEntry(1, "bob (auth:PROXY) via alice (auth:SIMPLE)", "10.0.0.2", AuditCommand.LIST_STATUS,
                        "/d", Optional.empty(), Optional.empty())));

        AuditReplayResult result = new AuditReplay(new Configuration()).run(options("replay").keep(true)
                .impersonate(true).build(), log);

        assertThat(result.commands()).isEqualTo(2);
        assertThat(result.outcome().failures().byCommand()).isEmpty();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("replay"))))
                .isEqualTo("rwxrwxrwx");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("replay/d"))))
                .isEqualTo("rwxrwxrwx");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("replay/d/in"))))
                .isEqualTo("rw-rw-rw-");
    }

    @Test
    void nothingOutsideThePrefixChangesAndTheTreeIsRemovedWithoutKeep() throws Exception {
        Path sibling = Files.createDirectories(dir.resolve("sibling/d"));
        Files.write(sibling.resolve("in"), "theirs".getBytes(StandardCharsets.UTF_8));
        List<String> before = tree(dir.resolve("sibling"));
        ReplayLog log = Entries.log(List.of(
                entry(0, AuditCommand.DELETE, "/../sibling/d/in"),
                entry(1, AuditCommand.DELETE, "/d/../../sibling"),
                entry(2, AuditCommand.RENAME, "/d/in", "/../sibling/d/in"),
                entry(3, AuditCommand.DELETE, "/"),
                entry(4, AuditCommand.DELETE, "/.hbench"),
                entry(5, AuditCommand.DELETE, "/d/in")));

        AuditReplayResult result = new AuditReplay(new Configuration()).run(options("replay").build(), log);

        assertThat(tree(dir.resolve("sibling"))).isEqualTo(before);
        assertThat(dir.resolve("replay")).doesNotExist();
        assertThat(result.commands()).isEqualTo(1);
        assertThat(result.outcome().skipped().counts()).containsExactly(Map.entry(SkippedLines.OUTSIDE_PREFIX, 5L));
    }

    @Test
    void aLogWhosePathsAllLeaveThePrefixIsRefusedInOneLineAndLeavesNothing() {
        ReplayLog log = Entries.log(List.of(entry(0, AuditCommand.DELETE, "/../x")));

        assertThatThrownBy(() -> new AuditReplay(new Configuration()).run(options("replay").build(), log))
                .isInstanceOf(BenchException.class)
                .satisfies(e -> assertThat(((BenchException) e).errorCode()).isEqualTo(ErrorCode.MISSING_INPUT))
                .hasMessage("nothing to replay: the paths of all 1 replayable lines would leave -prefix (a '..' above"
                        + " the root, a relative path, or a change to the prefix itself)");
        assertThat(dir.resolve("replay")).doesNotExist();
    }

    @Test
    void aPrefixThatHoldsOthersDataIsRefusedBeforeAnythingIsWritten() throws IOException {
        Files.write(Files.createDirectories(dir.resolve("theirs")).resolve("data"), new byte[] {1});

        assertThatThrownBy(() -> new AuditReplay(new Configuration()).run(options("theirs").build(), everyCommand()))
                .isInstanceOf(BenchException.class)
                .hasMessageContaining("holds data hbench did not create (for example data); nothing was changed");
        assertThat(tree(dir.resolve("theirs"))).containsExactly("/", "data 1");
    }
}
