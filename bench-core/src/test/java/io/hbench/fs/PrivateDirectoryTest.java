package io.hbench.fs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.testing.OtherUser;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PrivateDirectoryTest {
    private static final String MARKER = ".hbench-test";
    /** Whatever the umask: a directory made with the umask's group write would be refused, rightly. */
    private static final FileAttribute<Set<PosixFilePermission>> OWNER_ONLY =
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------"));

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
                .hasMessage(dir + " is in " + parent + ", which other users can change (mode rwxrwxrwx, not"
                        + " sticky), so they could put another in its place");

        Files.setAttribute(parent, "unix:mode", 01777);
        assertThat(PrivateDirectory.claim(dir)).as("as in /tmp").isEqualTo(dir);
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
}
