package io.hbench.fs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.testing.OtherUser;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PrivateDirectoryTest {
    private static final String MARKER = ".hbench-test";
    /** Whatever the umask: a directory made with the umask's group write would be refused, rightly. */
    private static final FileAttribute<Set<PosixFilePermission>> OWNER_ONLY =
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------"));
    private static final FileAttribute<Set<PosixFilePermission>> READABLE =
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x"));

    @TempDir
    Path temp;

    @Test
    void aMissingDirectoryAndItsMissingParentsAreMadeForTheUserAlone() throws IOException {
        Path dir = temp.resolve("a").resolve("b");

        assertThat(PrivateDirectory.claim(dir)).isEqualTo(dir);

        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir))).isEqualTo("rwx------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.getParent())))
                .isEqualTo("rwx------");
    }

    @Test
    void anExistingDirectoryOfTheUserThatOthersCanOnlyReadIsUsedAsItIs() throws IOException {
        Path dir = Files.createDirectory(temp.resolve("shared-read"),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));

        PrivateDirectory.claim(dir);

        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir))).isEqualTo("rwxr-xr-x");
    }

    @Test
    void aDirectoryOfAnotherUserIsRefusedNamingItsOwner() throws IOException {
        OtherUser.assumeRoot();
        Path dir = OtherUser.give(Files.createDirectory(temp.resolve("planted")));

        assertThatThrownBy(() -> PrivateDirectory.claim(dir))
                .isInstanceOf(PrivateDirectory.NotPrivateException.class)
                .hasMessage(dir + " belongs to nobody, not to root who runs this");
    }

    @Test
    void aSymbolicLinkIsRefusedEvenToADirectoryOfTheUser() throws IOException {
        Path own = Files.createDirectory(temp.resolve("own"), OWNER_ONLY);
        Path link = Files.createSymbolicLink(temp.resolve("link"), own);

        assertThatThrownBy(() -> PrivateDirectory.claim(link))
                .isInstanceOf(PrivateDirectory.NotPrivateException.class)
                .hasMessage(link + " is a symbolic link (to " + own + "), not a directory");
    }

    @Test
    void aDirectoryOthersCanWriteInIsRefusedNamingTheCommandThatMendsIt() throws IOException {
        Path dir = Files.createDirectory(temp.resolve("group-writable"));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxrwxr-x"));

        assertThatThrownBy(() -> PrivateDirectory.claim(dir))
                .isInstanceOf(PrivateDirectory.NotPrivateException.class)
                .hasMessage(dir + " can be changed by other users (mode rwxrwxr-x; chmod go-w " + dir
                        + " if all in it is yours)");
    }

    @Test
    void aDirectoryInAParentOthersCanChangeIsRefusedUnlessTheParentIsSticky() throws IOException {
        Path parent = Files.createDirectory(temp.resolve("open"));
        Files.setPosixFilePermissions(parent, PosixFilePermissions.fromString("rwxrwxrwx"));
        Path dir = Files.createDirectory(parent.resolve("dir"), OWNER_ONLY);

        assertThatThrownBy(() -> PrivateDirectory.claim(dir))
                .isInstanceOf(PrivateDirectory.NotPrivateException.class)
                .hasMessage(dir + " lies under " + parent + ", which other users can change (mode rwxrwxrwx, not"
                        + " sticky), so they could put another in its place");

        Files.setAttribute(parent, "unix:mode", 01777);
        assertThat(PrivateDirectory.claim(dir)).as("as in /tmp").isEqualTo(dir);
    }

    @Test
    void aParentOfAnotherUserIsRefusedThoughOnlyItsOwnerCanWriteInIt() throws IOException {
        OtherUser.assumeRoot();
        Path parent = OtherUser.give(Files.createDirectory(temp.resolve("theirs"), READABLE));
        Path dir = parent.resolve("dir");

        assertThatThrownBy(() -> PrivateDirectory.claimStorage(dir, "-dir", MARKER, "made by the test\n"))
                .isInstanceOf(BenchException.class)
                .hasMessage("-dir " + dir + " lies under " + parent + ", which belongs to nobody, not to root who runs"
                        + " this, so hbench writes nothing there: choose a directory whose every parent is yours or"
                        + " root's")
                .extracting(e -> ((BenchException) e).errorCode()).isEqualTo(ErrorCode.UNSAFE_DIRECTORY);
        assertThat(dir).doesNotExist();
    }

    @Test
    void aGrandparentOfAnotherUserIsRefusedBeforeAnythingIsMadeUnderIt() throws IOException {
        OtherUser.assumeRoot();
        Path grandparent = OtherUser.give(Files.createDirectory(temp.resolve("theirs"), READABLE));
        Path parent = Files.createDirectory(grandparent.resolve("ours"), OWNER_ONLY);
        Path dir = parent.resolve("a").resolve("dir");

        assertThatThrownBy(() -> PrivateDirectory.claim(dir))
                .isInstanceOf(PrivateDirectory.NotPrivateException.class)
                .hasMessage(dir + " lies under " + grandparent + ", which belongs to nobody, not to root who runs"
                        + " this");
        assertThat(parent).isEmptyDirectory();
    }

    @Test
    void anAncestorItsGroupCanWriteInIsRefusedUnlessSticky() throws IOException {
        Path grandparent = Files.createDirectory(temp.resolve("group"));
        Files.setPosixFilePermissions(grandparent, PosixFilePermissions.fromString("rwxrwxr-x"));
        Path dir = Files.createDirectory(grandparent.resolve("ours"), OWNER_ONLY).resolve("dir");

        assertThatThrownBy(() -> PrivateDirectory.claimStorage(dir, "-dir", MARKER, "made by the test\n"))
                .isInstanceOf(BenchException.class)
                .hasMessage("-dir " + dir + " lies under " + grandparent + ", which other users can change (mode"
                        + " rwxrwxr-x, not sticky), so they could put another in its place, so hbench writes nothing"
                        + " there: choose a directory whose every parent is writable by you or root alone, or sticky"
                        + " as /tmp is");
        assertThat(dir).doesNotExist();

        Files.setAttribute(grandparent, "unix:mode", 01775);
        assertThat(PrivateDirectory.claim(dir)).isEqualTo(dir);
    }

    @Test
    void aDirectoryUnderTmpIsUsedForTmpIsRootsAndSticky() throws IOException {
        Path tmp = Paths.get("/tmp");
        assumeTrue(temp.startsWith(tmp), "the temporary directory is not under /tmp");
        assertThat((Integer) Files.getAttribute(tmp, "unix:uid")).isZero();
        assertThat((Integer) Files.getAttribute(tmp, "unix:mode") & 01002).isEqualTo(01002);

        assertThat(PrivateDirectory.claim(temp.resolve("dir"))).isEqualTo(temp.resolve("dir"));
    }

    @Test
    void aLinkOnTheWayIsFollowedIfItIsTheUsersOrRootsAndRefusedIfAnotherUsersIs() throws IOException {
        Path real = Files.createDirectory(temp.resolve("run"), OWNER_ONLY);
        // As /var/run -> /run.
        Path link = Files.createSymbolicLink(temp.resolve("var-run"), Paths.get("run"));

        assertThat(PrivateDirectory.claim(link.resolve("dir"))).isEqualTo(link.resolve("dir"));
        assertThat(real.resolve("dir")).isDirectory();

        OtherUser.assumeRoot();
        OtherUser.give(link);
        assertThatThrownBy(() -> PrivateDirectory.claim(link.resolve("other")))
                .isInstanceOf(PrivateDirectory.NotPrivateException.class)
                .hasMessage(link.resolve("other") + " lies under " + link + ", which belongs to nobody, not to root"
                        + " who runs this");
        assertThat(real.resolve("other")).doesNotExist();
    }

    @Test
    void aLinkAnotherUserPlantsWhereAParentWouldBeMadeIsNeverFollowed() throws IOException {
        OtherUser.assumeRoot();
        Path sticky = Files.createDirectory(temp.resolve("sticky"));
        Files.setAttribute(sticky, "unix:mode", 01777);
        Path theirs = OtherUser.give(Files.createDirectory(temp.resolve("theirs"), READABLE));
        Path planted = OtherUser.give(Files.createSymbolicLink(sticky.resolve("a"), theirs));
        Path dir = planted.resolve("dir");

        assertThatThrownBy(() -> PrivateDirectory.claim(dir))
                .isInstanceOf(PrivateDirectory.NotPrivateException.class)
                .hasMessage(dir + " lies under " + planted + ", which belongs to nobody, not to root who runs this");
        assertThat(theirs).isEmptyDirectory();
    }

    @Test
    void storageIsMarkedWhenNewAndRefusedWhenItHoldsFilesWithoutTheMarker() throws IOException {
        Path fresh = temp.resolve("fresh");
        PrivateDirectory.claimStorage(fresh, "-dir", MARKER, "made by the test\n");
        assertThat(fresh.resolve(MARKER)).hasContent("made by the test");
        PrivateDirectory.claimStorage(fresh, "-dir", MARKER, "made by the test\n");

        Path foreign = Files.createDirectory(temp.resolve("foreign"), OWNER_ONLY);
        Files.writeString(foreign.resolve("precious.txt"), "keep me");
        assertThatThrownBy(() -> PrivateDirectory.claimStorage(foreign, "-dir", MARKER, "made by the test\n"))
                .isInstanceOf(BenchException.class)
                .hasMessage("-dir " + foreign + " holds files hbench did not create; choose an empty or new directory")
                .extracting(e -> ((BenchException) e).errorCode()).isEqualTo(ErrorCode.UNSAFE_DIRECTORY);
        assertThat(foreign.resolve(MARKER)).doesNotExist();
    }

    @Test
    void storageOfAnotherUserIsRefusedInOneLineWhateverItHolds() throws IOException {
        OtherUser.assumeRoot();
        Path dir = OtherUser.plantStorage(temp.resolve("planted"), MARKER);

        assertThatThrownBy(() -> PrivateDirectory.claimStorage(dir, "-dir", MARKER, "made by the test\n"))
                .isInstanceOf(BenchException.class)
                .hasMessage("-dir " + dir + " belongs to nobody, not to root who runs this, so hbench writes nothing"
                        + " in it: remove it, or choose another -dir")
                .extracting(e -> ((BenchException) e).errorCode()).isEqualTo(ErrorCode.UNSAFE_DIRECTORY);
    }

    @Test
    void aFileIsNeverWrittenThroughASymbolicLink() throws IOException {
        Path victim = Files.writeString(temp.resolve("victim.txt"), "keep me");
        Path dir = PrivateDirectory.claim(temp.resolve("dir"));
        Path link = Files.createSymbolicLink(dir.resolve("cluster.properties"), victim);

        assertThatThrownBy(() -> PrivateDirectory.overwrite(link)).isInstanceOf(IOException.class);

        assertThat(victim).hasContent("keep me");
        try (OutputStream out = PrivateDirectory.overwrite(dir.resolve("new.txt"))) {
            out.write("written".getBytes(StandardCharsets.UTF_8));
        }
        assertThat(dir.resolve("new.txt")).hasContent("written");
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(Files.exists(link, LinkOption.NOFOLLOW_LINKS)).isTrue();
    }

    @Test
    void theReportedSwapForALinkWritesNothingInTheOtherUsersDirectory() throws Exception {
        OtherUser.assumeRoot();
        // The other user must reach their directories in this one, as in /tmp.
        Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString("rwx--x--x"));
        Path parent = OtherUser.give(Files.createDirectory(temp.resolve("mp2"), READABLE));
        Path theirs = OtherUser.give(Files.createDirectory(temp.resolve("theirs"), READABLE));
        Path dir = parent.resolve("nn");
        // As reproduced: 0.3 s after nn appears, its owner's directory is put aside and a link to theirs put in.
        Process swapper = OtherUser.start(parent,
                "while [ ! -e nn ]; do sleep 0.01; done; sleep 0.3; mv nn nn.old && ln -s " + theirs + " nn");
        try {
            Throwable refusal = catchThrowable(() -> {
                PrivateDirectory.claimStorage(dir, "-standaloneDir", MARKER, "made by the test\n");
                // What the standalone NameNode writes next, after the swap: formatting takes longer than 0.3 s.
                swapper.waitFor(10, TimeUnit.SECONDS);
                Path hosts = PrivateDirectory.claim(dir.resolve("hosts"));
                PrivateDirectory.overwrite(hosts.resolve("exclude")).close();
            });

            assertThat(refusal).isInstanceOf(BenchException.class)
                    .hasMessage("-standaloneDir " + dir + " lies under " + parent + ", which belongs to nobody, not to"
                            + " root who runs this, so hbench writes nothing there: choose a directory whose every"
                            + " parent is yours or root's");
            assertThat(theirs).isEmptyDirectory();
            assertThat(dir).doesNotExist();
        } finally {
            swapper.destroyForcibly();
        }
    }
}
