package io.hbench.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.security.auth.module.UnixSystem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.stream.Stream;

/**
 * Another local user, as an attacker on a shared host would be: the tests run as root here and in CI, so they can
 * hand a file to {@code nobody}; run as anyone else, such a test is skipped.
 */
public final class OtherUser {
    /** {@code nobody}, on every Linux distribution. */
    public static final int UID = 65534;

    private OtherUser() {
    }

    /** Skips the calling test unless it runs as root, which alone can give files away. */
    public static void assumeRoot() {
        assumeTrue(new UnixSystem().getUid() == 0, "needs root to make files of another user");
    }

    /**
     * What an attacker leaves for hbench to reuse: {@code dir}, the other user's, with hbench's {@code marker} in it,
     * as though hbench had made it.
     */
    public static Path plantStorage(Path dir, String marker) throws IOException {
        give(Files.createDirectory(dir));
        give(Files.writeString(dir.resolve(marker), "planted"));
        return dir;
    }

    /**
     * Starts {@code script} in {@code sh} as the other user, in {@code dir}, as an attacker's process would run beside
     * hbench; skips the calling test where {@code setpriv} is missing.
     */
    public static Process start(Path dir, String script) throws IOException {
        assumeRoot();
        assumeTrue(Stream.of(System.getenv().getOrDefault("PATH", "").split(":"))
                .anyMatch(entry -> !entry.isEmpty() && Files.isExecutable(Paths.get(entry, "setpriv"))),
                "needs setpriv to run a process as another user");
        return new ProcessBuilder("setpriv", "--reuid=" + UID, "--regid=" + UID, "--clear-groups", "sh", "-c", script)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
    }

    /** Makes {@code path} (a link itself, not what it points to) belong to the other user. */
    public static Path give(Path path) throws IOException {
        Files.setAttribute(path, "unix:uid", UID, LinkOption.NOFOLLOW_LINKS);
        Files.setAttribute(path, "unix:gid", UID, LinkOption.NOFOLLOW_LINKS);
        return path;
    }
}
