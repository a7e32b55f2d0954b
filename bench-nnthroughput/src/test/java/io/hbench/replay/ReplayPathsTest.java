package io.hbench.replay;

import static io.hbench.replay.Entries.PATHS;
import static io.hbench.replay.Entries.entry;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

/** Every logged path lands under the prefix, or the line is not replayed. */
class ReplayPathsTest {
    @Test
    void aLoggedPathLandsUnderThePrefixNormalized() {
        assertThat(ReplayPaths.normalize("/user//alice/./data/../logs/")).contains("/user/alice/logs");
        assertThat(PATHS.onTarget("/user/alice/logs"))
                .isEqualTo(new Path("hdfs://nn:8020/hbench-replay/test/user/alice/logs"));
        assertThat(PATHS.onTarget("/")).isEqualTo(new Path("hdfs://nn:8020/hbench-replay/test"));
    }

    @Test
    void aPathThatClimbsAboveTheRootIsRelativeOrNamesTheMarkerIsRefused() {
        assertThat(ReplayPaths.normalize("/a/../../etc/passwd")).isEmpty();
        assertThat(ReplayPaths.normalize("/..")).isEmpty();
        assertThat(ReplayPaths.normalize("user/alice")).isEmpty();
        assertThat(ReplayPaths.normalize("/.hbench")).isEmpty();
        assertThat(ReplayPaths.normalize("/a/../.hbench")).isEmpty();
        assertThat(ReplayPaths.normalize("/a/.hbench")).as("a marker's name deeper down is any name")
                .contains("/a/.hbench");
    }

    @Test
    void aLineIsMappedOnlyIfEveryOneOfItsPathsStaysInside() {
        assertThat(PATHS.map(entry(0, AuditCommand.RENAME, "/a", "/../b"))).isEmpty();
        assertThat(PATHS.map(entry(0, AuditCommand.CONCAT, "[/a, /../b]", "/t"))).isEmpty();
        assertThat(PATHS.map(entry(0, AuditCommand.RENAME, "/a", "/b")).map(ReplayCall::otherTargets))
                .contains(List.of(new Path("hdfs://nn:8020/hbench-replay/test/b")));
    }

    @Test
    void onlyReadsAreReplayedOnTheLoggedRootWhichIsThePrefix() {
        assertThat(PATHS.map(entry(0, AuditCommand.LIST_STATUS, "/")).map(ReplayCall::target))
                .contains(new Path("hdfs://nn:8020/hbench-replay/test"));
        assertThat(PATHS.map(entry(0, AuditCommand.DELETE, "/"))).isEmpty();
        assertThat(PATHS.map(entry(0, AuditCommand.SET_PERMISSION, "/"))).isEmpty();
        assertThat(PATHS.map(entry(0, AuditCommand.RENAME, "/a", "/"))).isEmpty();
    }

    @Test
    void concatsTargetComesFirstThenItsLoggedSources() {
        ReplayCall concat = PATHS.map(entry(0, AuditCommand.CONCAT, "[/d/a, /d/b]", "/d/t")).orElseThrow();

        assertThat(concat.path()).isEqualTo("/d/t");
        assertThat(concat.others()).containsExactly("/d/a", "/d/b");
        assertThat(PATHS.map(new AuditEntry(0, "bob", "10.0.0.2", AuditCommand.CONCAT, "[/a]", Optional.empty(),
                Optional.empty()))).as("no target").isEmpty();
    }

    @Test
    void pathsWithTabsSpacesAndUnicodeStayWhatTheyAre() {
        ReplayCall call = PATHS.map(entry(0, AuditCommand.CREATE, "/d/naïve\tfile 名")).orElseThrow();

        assertThat(call.target().toUri().getPath()).isEqualTo("/hbench-replay/test/d/naïve\tfile 名");
        assertThat(call.target().getName()).isEqualTo("naïve\tfile 名");
    }
}
