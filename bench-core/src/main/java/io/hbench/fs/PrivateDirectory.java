package io.hbench.fs;

import static java.util.Objects.requireNonNull;

import com.sun.security.auth.module.UnixSystem;
import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A local directory that is this user's alone: what hbench keeps between runs under a shared temporary directory (the
 * embedded cluster's storage, the standalone NameNode's) and the resource sampler's locks. Anyone may create a name in
 * /tmp first, so neither a name nor a marker file proves that hbench made a directory: another user who made it
 * beforehand, or put a symbolic link there, would have hbench write where they choose. So a directory is used only if
 * it is a directory and not a link to one, belongs to this user, can be changed by no other (no group or other write
 * permission), and lies in a parent that others cannot change, or that is sticky as /tmp is, so that no one can put
 * another in its place. hbench makes such directories, and any parents they lack, for their owner alone
 * ({@code rwx------}), and writes files in them without following links.
 * <p>
 * On a file system without Unix owners and modes (Windows) there is nothing to check, and directories are used as they
 * are.
 */
public final class PrivateDirectory {
    private static final FileAttribute<Set<PosixFilePermission>> OWNER_ONLY =
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------"));
    private static final Set<PosixFilePermission> OTHERS_WRITE =
            Set.of(PosixFilePermission.GROUP_WRITE, PosixFilePermission.OTHERS_WRITE);
    private static final int STICKY = 01000;

    /** Why a directory is not this user's alone; the message says why in a few words, naming the directory. */
    public static final class NotPrivateException extends IOException {
        private static final long serialVersionUID = 1L;

        NotPrivateException(String message) {
            super(message);
        }
    }

    private PrivateDirectory() {
    }

    /**
     * Returns {@code dir}, made for this user alone if it did not exist, once it is checked to be this user's alone.
     *
     * @throws NotPrivateException if it is not (another user's, a link, writable by others, in a parent others can
     *         change); nothing was written in it
     * @throws IOException if it cannot be made or looked at
     */
    public static Path claim(Path dir) throws IOException {
        requireNonNull(dir, "dir is null");
        Path absolute = dir.toAbsolutePath().normalize();
        if (!absolute.getFileSystem().supportedFileAttributeViews().contains("unix")) {
            return Files.createDirectories(dir);
        }
        if (!Files.exists(absolute, LinkOption.NOFOLLOW_LINKS)) {
            Files.createDirectories(absolute, OWNER_ONLY);
        }
        check(absolute);
        if (absolute.getParent() != null) {
            checkParent(absolute, absolute.getParent());
        }
        return dir;
    }

    private static void check(Path dir) throws IOException {
        PosixFileAttributes attributes = Files.readAttributes(dir, PosixFileAttributes.class,
                LinkOption.NOFOLLOW_LINKS);
        if (attributes.isSymbolicLink()) {
            throw new NotPrivateException(dir + " is a symbolic link (to " + Files.readSymbolicLink(dir)
                    + "), not a directory");
        }
        if (!attributes.isDirectory()) {
            throw new NotPrivateException(dir + " is not a directory");
        }
        checkOwner(dir, attributes);
        if (attributes.permissions().stream().anyMatch(OTHERS_WRITE::contains)) {
            throw new NotPrivateException(dir + " can be changed by other users (mode "
                    + PosixFilePermissions.toString(attributes.permissions()) + "; chmod go-w " + dir
                    + " if all in it is yours)");
        }
    }

    /**
     * Checks that {@code file}, in a directory {@linkplain #claim claimed} before, is a regular file of this user, not
     * a link, a FIFO or a device, nor one that another user put there, before it is opened.
     *
     * @throws NotPrivateException if it is not
     */
    public static void checkOwnFile(Path file) throws IOException {
        PosixFileAttributes attributes = Files.readAttributes(file, PosixFileAttributes.class,
                LinkOption.NOFOLLOW_LINKS);
        if (!attributes.isRegularFile()) {
            throw new NotPrivateException(file + " is not a regular file");
        }
        checkOwner(file, attributes);
    }

    private static void checkOwner(Path path, PosixFileAttributes attributes) throws IOException {
        int owner = (Integer) Files.getAttribute(path, "unix:uid", LinkOption.NOFOLLOW_LINKS);
        if (owner != currentUid()) {
            throw new NotPrivateException(path + " belongs to " + attributes.owner().getName() + ", not to "
                    + System.getProperty("user.name") + " who runs this");
        }
    }

    private static void checkParent(Path dir, Path parent) throws IOException {
        PosixFileAttributes attributes = Files.readAttributes(parent, PosixFileAttributes.class);
        int mode = (Integer) Files.getAttribute(parent, "unix:mode");
        if (attributes.permissions().stream().anyMatch(OTHERS_WRITE::contains) && (mode & STICKY) == 0) {
            throw new NotPrivateException(dir + " is in " + parent + ", which other users can change (mode "
                    + PosixFilePermissions.toString(attributes.permissions()) + ", not sticky), so they could put"
                    + " another in its place");
        }
    }

    private static long currentUid() {
        return new UnixSystem().getUid();
    }

    /**
     * Claims {@code dir} as storage hbench keeps between runs: {@linkplain #claim this user's alone}, and marked with
     * {@code marker} (hbench made it) or empty, in which case the marker is written.
     *
     * @param flag how the user names the directory, for messages: {@code -embeddedDir}
     * @throws BenchException of {@link ErrorCode#UNSAFE_DIRECTORY} if it is not this user's alone or holds files
     *         without the marker; nothing was written in it
     * @throws IOException if it cannot be made, read or marked
     */
    public static Path claimStorage(Path dir, String flag, String marker, String markerText) throws IOException {
        requireNonNull(flag, "flag is null");
        requireNonNull(marker, "marker is null");
        try {
            claim(dir);
        } catch (NotPrivateException e) {
            throw new BenchException(ErrorCode.UNSAFE_DIRECTORY, flag + " " + e.getMessage()
                    + ", so hbench writes nothing in it: remove it, or choose another " + flag);
        }
        Path markerFile = dir.resolve(marker);
        if (Files.exists(markerFile, LinkOption.NOFOLLOW_LINKS)) {
            return dir;
        }
        try (Stream<Path> entries = Files.list(dir)) {
            if (entries.findAny().isPresent()) {
                throw new BenchException(ErrorCode.UNSAFE_DIRECTORY, flag + " " + dir
                        + " holds files hbench did not create; choose an empty or new directory");
            }
        }
        try (OutputStream out = Files.newOutputStream(markerFile, LinkOption.NOFOLLOW_LINKS,
                StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            out.write(markerText.getBytes(StandardCharsets.UTF_8));
        }
        return dir;
    }

    /**
     * Opens {@code file}, in a directory {@linkplain #claim claimed} before, to replace its content; a symbolic link
     * there is never followed, but refused.
     */
    public static OutputStream overwrite(Path file) throws IOException {
        return Files.newOutputStream(file, LinkOption.NOFOLLOW_LINKS, StandardOpenOption.CREATE,
                StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE);
    }
}
