package io.hbench.replay;

import static io.hbench.replay.Entries.call;
import static io.hbench.replay.Entries.entry;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The prepare pass creates what the log's commands expect and no earlier logged command creates. */
class PreparePlanTest {
    private static List<String> items(PreparePlan plan) {
        return plan.items().stream().map(PreparePlan.Item::toString).collect(Collectors.toList());
    }

    @Test
    void whatTheLogReadsIsPreparedWhatItCreatesFirstIsNot() {
        PreparePlan plan = PreparePlan.of(List.of(
                call(entry(0, AuditCommand.OPEN, "/data/in/part-0")),
                call(entry(1, AuditCommand.CREATE, "/data/out/part-0")),
                call(entry(2, AuditCommand.OPEN, "/data/out/part-0")),
                call(entry(3, AuditCommand.LIST_STATUS, "/data/in")),
                call(entry(4, AuditCommand.GET_FILE_INFO, "/data/in/part-0")),
                call(entry(5, AuditCommand.LIST_STATUS, "/logs"))), 100);

        assertThat(items(plan)).containsExactly("directory /data", "directory /data/in",
                "file /data/in/part-0 100 bytes", "directory /logs");
        assertThat(plan.files()).isEqualTo(1);
        assertThat(plan.directories()).isEqualTo(3);
        assertThat(plan.bytes()).isEqualTo(100);
    }

    @Test
    void aPathTheLogNamesPathsUnderIsADirectoryOtherwiseAFile() {
        PreparePlan plan = PreparePlan.of(List.of(
                call(entry(0, AuditCommand.GET_FILE_INFO, "/a")),
                call(entry(1, AuditCommand.SET_TIMES, "/b")),
                call(entry(2, AuditCommand.MKDIRS, "/a/sub"))), 0);

        assertThat(items(plan)).containsExactly("directory /a", "file /b 0 bytes");
    }

    @Test
    void whatTheLogRemovedIsNotPreparedAgainAndARenameMovesWhatItKnows() {
        PreparePlan plan = PreparePlan.of(List.of(
                call(entry(0, AuditCommand.DELETE, "/tmp/x")),
                call(entry(1, AuditCommand.OPEN, "/tmp/x")),
                call(entry(2, AuditCommand.CREATE, "/staging/f")),
                call(entry(3, AuditCommand.RENAME, "/staging", "/final")),
                call(entry(4, AuditCommand.OPEN, "/final/f")),
                call(entry(5, AuditCommand.OPEN, "/staging/f")),
                call(entry(6, AuditCommand.RENAME, "/in/g", "/out/g")),
                call(entry(7, AuditCommand.GET_FILE_INFO, "/out/g"))), 0);

        // /tmp/x was deleted before it was opened, /staging/f renamed away: both failed on the logged cluster too.
        assertThat(items(plan)).containsExactly("directory /tmp", "file /tmp/x 0 bytes", "directory /in",
                "file /in/g 0 bytes");
    }

    @Test
    void filesTheLogTruncatesOrConcatenatesHoldAtLeastOneByte() {
        PreparePlan plan = PreparePlan.of(List.of(
                call(entry(0, AuditCommand.OPEN, "/d/t")),
                call(entry(1, AuditCommand.CONCAT, "[/d/a, /d/b]", "/d/t")),
                call(entry(2, AuditCommand.TRUNCATE, "/d/c")),
                call(entry(3, AuditCommand.OPEN, "/d/a"))), 0);

        assertThat(items(plan)).containsExactly("directory /d", "file /d/t 1 bytes", "file /d/a 1 bytes",
                "file /d/b 1 bytes", "file /d/c 1 bytes");
        assertThat(PreparePlan.of(List.of(call(entry(0, AuditCommand.TRUNCATE, "/d/c"))), 4096).bytes())
                .as("-prepareFileSize when larger").isEqualTo(4096);
    }
}
