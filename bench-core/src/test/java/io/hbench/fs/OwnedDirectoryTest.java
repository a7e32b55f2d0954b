package io.hbench.fs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.testing.FaultyFileSystem;
import io.hbench.undo.RunUndo;
import io.hbench.undo.UndoLog;
import java.time.Duration;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class OwnedDirectoryTest {
    private static final String FLAG = "-Dtest.build.data";

    @TempDir
    java.nio.file.Path temp;

    private FileSystem fs;

    @BeforeEach
    void setUp() throws IOException {
        fs = FileSystem.getLocal(new Configuration());
    }

    private Path path(String name) {
        return new Path(temp.resolve(name).toString());
    }

    @Test
    void claimCreatesTheDirectoryWithItsMarker() throws IOException {
        OwnedDirectory owned = OwnedDirectory.claim(fs, path("bench"), FLAG);

        assertThat(Files.isDirectory(temp.resolve("bench"))).isTrue();
        assertThat(Files.isRegularFile(temp.resolve("bench").resolve(OwnedDirectory.MARKER))).isTrue();
        assertThat(owned.path()).isEqualTo(fs.makeQualified(path("bench")));
        assertThat(owned.fileSystem()).isSameAs(fs);
        assertThat(owned.child("data")).isEqualTo(new Path(owned.path(), "data"));
    }

    @Test
    void deleteRemovesTheParentsTheClaimMadeButNotThoseThatWereThereNorOnesThatFilledMeanwhile() throws IOException {
        fs.mkdirs(path("there"));
        OwnedDirectory deep = OwnedDirectory.claim(fs, path("there/made/deeper/bench"), FLAG);
        OwnedDirectory beside = OwnedDirectory.claim(fs, path("there/other/bench"), FLAG);
        fs.mkdirs(path("there/other/theirs"));

        deep.delete();
        beside.delete();

        assertThat(fs.exists(path("there/made"))).isFalse();
        assertThat(fs.exists(path("there/other/bench"))).isFalse();
        assertThat(fs.exists(path("there/other/theirs"))).as("filled meanwhile: kept").isTrue();
        assertThat(fs.exists(path("there"))).isTrue();
    }

    @Test
    void claimAddsTheMarkerToAnExistingEmptyDirectory() throws IOException {
        Files.createDirectory(temp.resolve("empty"));

        OwnedDirectory.claim(fs, path("empty"), FLAG);

        assertThat(Files.isRegularFile(temp.resolve("empty").resolve(OwnedDirectory.MARKER))).isTrue();
    }

    @Test
    void claimAcceptsADirectoryItClaimedBeforeAndKeepsItsContents() throws IOException {
        OwnedDirectory first = OwnedDirectory.claim(fs, path("bench"), FLAG);
        Files.writeString(temp.resolve("bench").resolve("data"), "written by a run");

        OwnedDirectory second = OwnedDirectory.claim(fs, path("bench"), FLAG);

        assertThat(second.path()).isEqualTo(first.path());
        assertThat(Files.readString(temp.resolve("bench").resolve("data"))).isEqualTo("written by a run");
    }

    @Test
    void claimRefusesANonEmptyDirectoryWithoutMarkerAndChangesNothing() throws IOException {
        java.nio.file.Path dir = Files.createDirectory(temp.resolve("precious"));
        Files.writeString(dir.resolve("thesis.tex"), "years of work", StandardCharsets.UTF_8);

        assertThatThrownBy(() -> OwnedDirectory.claim(fs, path("precious"), FLAG))
                .isInstanceOfSatisfying(BenchException.class,
                        e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.UNSAFE_DIRECTORY))
                .hasMessage(FLAG + " " + fs.makeQualified(path("precious")) + " holds data hbench did not create"
                        + " (for example thesis.tex); nothing was changed. If its contents are disposable, remove it"
                        + " with 'hadoop fs -rm -r -skipTrash " + fs.makeQualified(path("precious")) + "'; otherwise"
                        + " choose another directory with " + FLAG);

        try (var entries = Files.list(dir)) {
            assertThat(entries).containsExactly(dir.resolve("thesis.tex"));
        }
        assertThat(Files.readString(dir.resolve("thesis.tex"), StandardCharsets.UTF_8)).isEqualTo("years of work");
    }

    @Test
    void claimRefusesAFile() throws IOException {
        Files.writeString(temp.resolve("file"), "content");

        assertThatThrownBy(() -> OwnedDirectory.claim(fs, path("file"), FLAG))
                .isInstanceOfSatisfying(BenchException.class,
                        e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.UNSAFE_DIRECTORY))
                .hasMessageEndingWith("is a file, not a directory");
        assertThat(Files.readString(temp.resolve("file"))).isEqualTo("content");
    }

    @Test
    void claimRefusesTheRootDirectory() {
        assertThatThrownBy(() -> OwnedDirectory.claim(fs, new Path("/"), FLAG))
                .isInstanceOfSatisfying(BenchException.class,
                        e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.UNSAFE_DIRECTORY))
                .hasMessageStartingWith(FLAG + " file:/ is the root directory");
    }

    @Test
    void existingRefusesTheRootDirectory() {
        assertThatThrownBy(() -> OwnedDirectory.existing(fs, new Path("/"), FLAG, "run it first"))
                .isInstanceOfSatisfying(BenchException.class,
                        e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.UNSAFE_DIRECTORY));
    }

    @Test
    void existingReportsAMissingDirectoryAsMissingInputWithTheHint() {
        assertThatThrownBy(() -> OwnedDirectory.existing(fs, path("missing"), FLAG, "run TestDFSIO -write first"))
                .isInstanceOfSatisfying(BenchException.class,
                        e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.MISSING_INPUT))
                .hasMessage(fs.makeQualified(path("missing")) + " does not exist: run TestDFSIO -write first");
        assertThat(Files.exists(temp.resolve("missing"))).isFalse();
    }

    @Test
    void existingRefusesADirectoryWithoutMarker() throws IOException {
        Files.createDirectory(temp.resolve("unmarked"));

        assertThatThrownBy(() -> OwnedDirectory.existing(fs, path("unmarked"), FLAG, "run it first"))
                .isInstanceOfSatisfying(BenchException.class,
                        e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.UNSAFE_DIRECTORY))
                .hasMessage(FLAG + " " + fs.makeQualified(path("unmarked"))
                        + " was not created by hbench (it has no .hbench marker); nothing was changed. If its contents"
                        + " are disposable, remove it with 'hadoop fs -rm -r -skipTrash "
                        + fs.makeQualified(path("unmarked")) + "'; otherwise choose another directory with " + FLAG);
        assertThat(Files.exists(temp.resolve("unmarked").resolve(OwnedDirectory.MARKER))).isFalse();
    }

    @Test
    void existingReturnsAClaimedDirectory() throws IOException {
        OwnedDirectory claimed = OwnedDirectory.claim(fs, path("bench"), FLAG);

        assertThat(OwnedDirectory.existing(fs, path("bench"), FLAG, "run it first").path()).isEqualTo(claimed.path());
    }

    @Test
    void deleteChildRemovesOneEntryRecursively() throws IOException {
        OwnedDirectory owned = OwnedDirectory.claim(fs, path("bench"), FLAG);
        Files.createDirectories(temp.resolve("bench/io_data/sub"));
        Files.writeString(temp.resolve("bench/io_data/sub/file"), "x");
        Files.writeString(temp.resolve("bench/keep"), "y");

        assertThat(owned.deleteChild("io_data")).isEmpty();
        assertThat(owned.deleteChild("io_data")).isEmpty();

        assertThat(Files.exists(temp.resolve("bench/io_data"))).isFalse();
        assertThat(Files.readString(temp.resolve("bench/keep"))).isEqualTo("y");
        assertThat(Files.exists(temp.resolve("bench").resolve(OwnedDirectory.MARKER))).isTrue();
    }

    @Test
    void deleteChildRefusesNamesThatAreNotOneEntryOrAreTheMarker() throws IOException {
        OwnedDirectory owned = OwnedDirectory.claim(fs, path("bench"), FLAG);
        Files.createDirectories(temp.resolve("bench/a/b"));

        for (String name : new String[] {"", "a/b", OwnedDirectory.MARKER}) {
            assertThatThrownBy(() -> owned.deleteChild(name))
                    .as("'%s'", name)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("not a child entry: '" + name + "'");
        }
        assertThat(Files.isDirectory(temp.resolve("bench/a/b"))).isTrue();
        assertThat(Files.exists(temp.resolve("bench").resolve(OwnedDirectory.MARKER))).isTrue();
    }

    @Test
    void deleteChildNeverReachesOutsideTheDirectory() throws IOException {
        OwnedDirectory owned = OwnedDirectory.claim(fs, path("bench"), FLAG);
        Files.writeString(temp.resolve("neighbour"), "not ours");

        for (String name : new String[] {"..", "."}) {
            assertThatThrownBy(() -> owned.deleteChild(name))
                    .as("'%s'", name)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("not a child entry: '" + name + "'");
        }
        assertThat(Files.readString(temp.resolve("neighbour"))).isEqualTo("not ours");
        assertThat(Files.exists(temp.resolve("bench").resolve(OwnedDirectory.MARKER))).isTrue();
    }

    @Test
    void deleteRemovesTheWholeDirectory() throws IOException {
        OwnedDirectory owned = OwnedDirectory.claim(fs, path("bench"), FLAG);
        Files.createDirectories(temp.resolve("bench/io_data"));
        Files.writeString(temp.resolve("bench/io_data/file"), "x");
        Files.writeString(temp.resolve("neighbour"), "not ours");

        owned.delete();

        assertThat(Files.exists(temp.resolve("bench"))).isFalse();
        assertThat(Files.readString(temp.resolve("neighbour"))).isEqualTo("not ours");
    }

    /**
     * A tree on a store that keeps a deleted directory's directories: io_data holds a file, which a delete takes, and
     * a/, a/f, a/b/, a/b/g and c/, 5 entries, which it leaves.
     */
    private OwnedDirectory onAStoreThatKeepsNestedDirectories() throws IOException {
        fs = FileSystem.get(FaultyFileSystem.pathOf(temp).toUri(), FaultyFileSystem.configure(new Configuration(), "",
                FaultyFileSystem.Fault.KEEPS_NESTED_DIRECTORIES));
        OwnedDirectory owned = OwnedDirectory.claim(fs, FaultyFileSystem.pathOf(temp.resolve("bench")), FLAG);
        Files.createDirectories(temp.resolve("bench/io_data/a/b"));
        Files.createDirectories(temp.resolve("bench/io_data/c"));
        Files.writeString(temp.resolve("bench/io_data/file"), "x");
        Files.writeString(temp.resolve("bench/io_data/a/f"), "x");
        Files.writeString(temp.resolve("bench/io_data/a/b/g"), "x");
        return owned;
    }

    @Test
    void deleteChildSaysWhatAStoreKeptAndRecordsItForTheRun() throws IOException {
        OwnedDirectory owned = onAStoreThatKeepsNestedDirectories();
        RunLeftovers.take();

        String shown = "faulty:" + temp.resolve("bench/io_data");
        assertThat(owned.deleteChild("io_data")).contains(new Leftover(shown, 5));
        assertThat(RunLeftovers.take()).containsExactly(new Leftover(shown, 5));
    }

    @Test
    void deleteOnAStoreThatKeepsNestedDirectoriesSaysWhatIsLeftAndKeepsTheParents() throws IOException {
        OwnedDirectory owned = onAStoreThatKeepsNestedDirectories();

        // Only bench's own file, its marker, went: io_data/ and all under it stayed, 1 + 6 entries.
        assertThat(owned.delete()).contains(new Leftover("faulty:" + temp.resolve("bench"), 7));
        assertThat(Files.isDirectory(temp.resolve("bench/io_data/a/b"))).isTrue();
        RunLeftovers.take();
    }

    @Test
    void aStoppedRunNeverSaysRemovedForWhatAStoreKept() throws IOException {
        String shown = "faulty:" + temp.resolve("bench/io_data");
        UndoLog.Outcome outcome = stoppedRun(() -> {
            OwnedDirectory owned = onAStoreThatKeepsNestedDirectories();
            owned.removedOnInterrupt("io_data");
        });

        assertThat(outcome.done()).containsExactly(new Leftover(shown, 5).text());
        assertThat(outcome.done()).noneMatch(done -> done.startsWith("removed"));
    }

    @Test
    void aStoppedRunThatCouldNotEmptyADirectorySaysWhatIsLeftInIt() throws IOException {
        String shown = "faulty:" + temp.resolve("bench");
        UndoLog.Outcome outcome = stoppedRun(() -> {
            OwnedDirectory owned = onAStoreThatKeepsNestedDirectories();
            owned.emptiedOnInterrupt();
        });

        // io_data lost its file and kept its 5 entries; with io_data itself, 6 beside the marker.
        assertThat(outcome.done()).containsExactly(new Leftover(shown, 6).text());
    }

    /** What a run stopped from outside undoes, with a run's log open as a command-line program has. */
    private UndoLog.Outcome stoppedRun(IoAction run) throws IOException {
        UndoLog log = RunUndo.begin();
        try {
            run.run();
        } finally {
            RunUndo.end();
        }
        return log.undoAll(Duration.ofSeconds(10));
    }

    private interface IoAction {
        void run() throws IOException;
    }

    @Test
    void aStoppedRunRemovesWhatItRegisteredAndTheDirectoryItCreated() throws IOException {
        Files.writeString(temp.resolve("neighbour"), "not ours");

        UndoLog.Outcome outcome = stoppedRun(() -> {
            OwnedDirectory owned = OwnedDirectory.claim(fs, path("bench"), FLAG);
            owned.removedOnInterrupt("io_write");
            Files.createDirectories(temp.resolve("bench/io_write"));
            Files.writeString(temp.resolve("bench/io_write/part-00000"), "x");
        });

        assertThat(outcome.done()).containsExactly("removed " + temp.resolve("bench/io_write"),
                "removed " + temp.resolve("bench"));
        assertThat(Files.exists(temp.resolve("bench"))).isFalse();
        assertThat(Files.readString(temp.resolve("neighbour"))).isEqualTo("not ours");
    }

    @Test
    void aStoppedRunKeepsDataItCompletedAndTheDirectoryHoldingIt() throws IOException {
        UndoLog.Outcome outcome = stoppedRun(() -> {
            OwnedDirectory owned = OwnedDirectory.claim(fs, path("bench"), FLAG);
            UndoLog.Registration data = owned.removedOnInterrupt("io_data");
            Files.createDirectories(temp.resolve("bench/io_data"));
            Files.writeString(temp.resolve("bench/io_data/test_io_0"), "x");
            data.close();
        });

        assertThat(outcome.done()).isEmpty();
        assertThat(Files.readString(temp.resolve("bench/io_data/test_io_0"))).isEqualTo("x");
        assertThat(Files.exists(temp.resolve("bench").resolve(OwnedDirectory.MARKER))).isTrue();
    }

    @Test
    void aStoppedRunLeavesAnEarlierRunsDirectoryAndDataAlone() throws IOException {
        OwnedDirectory.claim(fs, path("bench"), FLAG);
        Files.createDirectories(temp.resolve("bench/io_data"));
        Files.writeString(temp.resolve("bench/io_data/test_io_0"), "an earlier write's");

        UndoLog.Outcome outcome = stoppedRun(() -> OwnedDirectory.claim(fs, path("bench"), FLAG)
                .removedOnInterrupt("io_read"));

        assertThat(outcome.done()).isEmpty();
        assertThat(Files.readString(temp.resolve("bench/io_data/test_io_0"))).isEqualTo("an earlier write's");
        assertThat(Files.exists(temp.resolve("bench").resolve(OwnedDirectory.MARKER))).isTrue();
    }

    @Test
    void aStoppedRunTakesBackOnlyTheMarkerItAddedToAnEmptyDirectory() throws IOException {
        Files.createDirectory(temp.resolve("empty"));

        UndoLog.Outcome outcome = stoppedRun(() -> OwnedDirectory.claim(fs, path("empty"), FLAG));

        assertThat(outcome.done()).containsExactly("removed " + temp.resolve("empty").resolve(OwnedDirectory.MARKER));
        assertThat(Files.isDirectory(temp.resolve("empty"))).isTrue();
        assertThat(temp.resolve("empty").toFile().list()).isEmpty();
    }

    @Test
    void aStoppedRunRemovesTheParentsItMadeForItsDirectoryButNoOthers() throws IOException {
        Files.createDirectory(temp.resolve("users"));

        UndoLog.Outcome outcome = stoppedRun(() -> OwnedDirectory.claim(fs, path("users/made/for/bench"), FLAG));

        assertThat(outcome.done()).containsExactly("removed " + temp.resolve("users/made"));
        assertThat(temp.resolve("users").toFile().list()).isEmpty();
    }

    @Test
    void aStoppedRunEmptiesAnOutputDirectoryItRegisteredAndKeepsOneItHandedOver() throws IOException {
        OwnedDirectory.claim(fs, path("sorted"), FLAG);
        Files.writeString(temp.resolve("sorted/part-r-00000"), "an earlier run's, removed by this one's claim");

        UndoLog.Outcome outcome = stoppedRun(() -> {
            OwnedDirectory gen = OwnedDirectory.claim(fs, path("gen"), FLAG);
            Files.writeString(temp.resolve("gen/part-m-00000"), "generated");
            gen.emptiedOnInterrupt().close();
            OwnedDirectory sorted = OwnedDirectory.claim(fs, path("sorted"), FLAG);
            sorted.emptiedOnInterrupt();
            Files.writeString(temp.resolve("sorted/part-r-00000"), "half sorted");
        });

        assertThat(outcome.done()).containsExactly("emptied " + temp.resolve("sorted"));
        assertThat(fs.listStatus(path("sorted"))).extracting(status -> status.getPath().getName())
                .containsExactly(OwnedDirectory.MARKER);
        assertThat(Files.readString(temp.resolve("gen/part-m-00000"))).isEqualTo("generated");
    }
}
