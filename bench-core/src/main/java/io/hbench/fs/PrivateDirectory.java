package io.hbench.fs;

import static java.util.Objects.requireNonNull;

import com.sun.security.auth.module.UnixSystem;
import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A local directory that is this user's alone: what hbench keeps between runs under a shared temporary directory (the
 * embedded cluster's storage, the standalone NameNode's) and the resource sampler's locks. Anyone may create a name in
 * /tmp first, so neither a name nor a marker file proves that hbench made a directory: another user who made it
 * beforehand, or put a symbolic link there, would have hbench write where they choose. So a directory is used only if
 * it is a directory and not a link to one, belongs to this user, and can be changed by no other (no group or other
 * write permission). Nor may anyone else put another in its place, now or later: every directory above it, up to the
 * root, belongs to this user or to root and is writable by no one else unless it is sticky as /tmp is, and every
 * symbolic link on the way belongs to one of the two (as OpenSSH's StrictModes checks the path to authorized_keys).
 * <p>
 * The path is walked from the root without following links blindly: a link is read and its target walked in turn, a
 * missing directory is made there and then, for its owner alone ({@code rwx------}), and looked at as it is found.
 * Since each directory is looked at only once the one above it is known to be safe, no one can swap a name for a link
 * between the look and the use. Files hbench writes in such a directory are opened without following links.
 * <p>
 * On a file system without Unix owners and modes (Windows) there is nothing to check, and directories are used as they
 * are.
 */
public final class PrivateDirectory {
    private static final FileAttribute<Set<PosixFilePermission>> OWNER_ONLY =
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------"));
    private static final int OTHERS_WRITE = 0022;
    private static final int STICKY = 01000;
    private static final int ROOT = 0;
    /** As Linux's limit on the links one lookup follows (ELOOP). */
    private static final int MAX_LINKS = 40;
    private static final String ATTRIBUTES = "unix:uid,mode,owner,permissions,isDirectory,isSymbolicLink";

    /** Why a directory is not this user's alone; the message says why in a few words, naming the directory. */
    public static final class NotPrivateException extends IOException {
        private static final long serialVersionUID = 1L;

        private final String parentWayOut;

        NotPrivateException(String message) {
            this(message, null);
        }

        private NotPrivateException(String message, String parentWayOut) {
            super(message);
            this.parentWayOut = parentWayOut;
        }

        /**
         * What to do when the fault is in a directory above the one asked for, which removing that one does not mend;
         * empty when it is that one's.
         */
        public Optional<String> parentWayOut() {
            return Optional.ofNullable(parentWayOut);
        }
    }

    private PrivateDirectory() {
    }

    /**
     * Returns {@code dir}, made for this user alone if it did not exist, once it and every directory above it are
     * checked.
     *
     * @throws NotPrivateException if it is not this user's alone (another user's, a link, writable by others) or lies
     *         under a directory or link others could change; nothing was written in it or in the one at fault
     * @throws IOException if it cannot be made or looked at
     */
    public static Path claim(Path dir) throws IOException {
        requireNonNull(dir, "dir is null");
        Path absolute = dir.toAbsolutePath().normalize();
        if (!absolute.getFileSystem().supportedFileAttributeViews().contains("unix")) {
            return Files.createDirectories(dir);
        }
        Path at = absolute.getRoot();
        checkAbove(absolute, at, Files.readAttributes(at, ATTRIBUTES, LinkOption.NOFOLLOW_LINKS));
        Deque<String> names = new ArrayDeque<>();
        absolute.forEach(name -> names.addLast(name.toString()));
        int links = 0;
        while (!names.isEmpty()) {
            String name = names.removeFirst();
            if (name.equals("..")) {
                at = at.getParent() == null ? at : at.getParent();
                continue;
            }
            if (name.equals(".")) {
                continue;
            }
            Path next = at.resolve(name);
            Map<String, Object> attributes = attributesMakingIfMissing(next);
            boolean last = names.isEmpty();
            if ((Boolean) attributes.get("isSymbolicLink")) {
                if (last) {
                    throw new NotPrivateException(absolute + " is a symbolic link (to "
                            + Files.readSymbolicLink(next) + "), not a directory");
                }
                checkOwnerAbove(absolute, next, attributes);
                if (++links > MAX_LINKS) {
                    throw new FileSystemException(absolute.toString(), null, "too many levels of symbolic links");
                }
                Path target = Files.readSymbolicLink(next);
                List<String> targetNames = new ArrayList<>();
                target.forEach(targetName -> targetNames.add(targetName.toString()));
                Collections.reverse(targetNames);
                targetNames.forEach(names::addFirst);
                if (target.isAbsolute()) {
                    at = target.getRoot();
                }
                continue;
            }
            if (!(Boolean) attributes.get("isDirectory")) {
                if (last) {
                    throw new NotPrivateException(absolute + " is not a directory");
                }
                throw new FileSystemException(absolute.toString(), null, next + " is not a directory");
            }
            if (last) {
                checkOwn(absolute, attributes);
            } else {
                checkAbove(absolute, next, attributes);
            }
            at = next;
        }
        return dir;
    }

    /**
     * The attributes of {@code path} itself, a link or not; made as a directory for this user alone first if there is
     * nothing there. Its parent is known to be safe, so what is found there and passes stays there.
     */
    private static Map<String, Object> attributesMakingIfMissing(Path path) throws IOException {
        try {
            return Files.readAttributes(path, ATTRIBUTES, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            try {
                Files.createDirectory(path, OWNER_ONLY);
            } catch (FileAlreadyExistsException raced) {
                // Someone made it meanwhile, in a directory open to them: it is looked at as though found there.
            }
            return Files.readAttributes(path, ATTRIBUTES, LinkOption.NOFOLLOW_LINKS);
        }
    }

    private static void checkOwn(Path dir, Map<String, Object> attributes) throws NotPrivateException {
        checkOwner(dir, attributes);
        if (((Integer) attributes.get("mode") & OTHERS_WRITE) != 0) {
            throw new NotPrivateException(dir + " can be changed by other users (mode " + permissions(attributes)
                    + "; chmod go-w " + dir + " if all in it is yours)");
        }
    }

    /** A directory above {@code dir}: this user's or root's, and no one else can rename or remove what is in it. */
    private static void checkAbove(Path dir, Path above, Map<String, Object> attributes) throws NotPrivateException {
        checkOwnerAbove(dir, above, attributes);
        int mode = (Integer) attributes.get("mode");
        if ((mode & OTHERS_WRITE) != 0 && (mode & STICKY) == 0) {
            throw new NotPrivateException(dir + " lies under " + above + ", which other users can change (mode "
                    + permissions(attributes) + ", not sticky), so they could put another in its place",
                    "choose a directory whose every parent is writable by you or root alone, or sticky as /tmp is");
        }
    }

    private static void checkOwnerAbove(Path dir, Path above, Map<String, Object> attributes)
            throws NotPrivateException {
        int owner = (Integer) attributes.get("uid");
        if (owner != currentUid() && owner != ROOT) {
            String runner = System.getProperty("user.name") + " who runs this" + (currentUid() == ROOT ? ""
                    : " or to root");
            throw new NotPrivateException(dir + " lies under " + above + ", which belongs to " + ownerName(attributes)
                    + ", not to " + runner, "choose a directory whose every parent is yours or root's");
        }
    }

    /**
     * Checks that {@code file}, in a directory {@linkplain #claim claimed} before, is a regular file of this user, not
     * a link, a FIFO or a device, nor one that another user put there, before it is opened.
     *
     * @throws NotPrivateException if it is not
     */
    public static void checkOwnFile(Path file) throws IOException {
        Map<String, Object> attributes = Files.readAttributes(file, ATTRIBUTES + ",isRegularFile",
                LinkOption.NOFOLLOW_LINKS);
        if (!(Boolean) attributes.get("isRegularFile")) {
            throw new NotPrivateException(file + " is not a regular file");
        }
        checkOwner(file, attributes);
    }

    private static void checkOwner(Path path, Map<String, Object> attributes) throws NotPrivateException {
        if ((Integer) attributes.get("uid") != currentUid()) {
            throw new NotPrivateException(path + " belongs to " + ownerName(attributes) + ", not to "
                    + System.getProperty("user.name") + " who runs this");
        }
    }

    private static String ownerName(Map<String, Object> attributes) {
        return ((UserPrincipal) attributes.get("owner")).getName();
    }

    @SuppressWarnings("unchecked")
    private static String permissions(Map<String, Object> attributes) {
        return PosixFilePermissions.toString((Set<PosixFilePermission>) attributes.get("permissions"));
    }

    private static long currentUid() {
        return new UnixSystem().getUid();
    }

    /**
     * Claims {@code dir} as storage hbench keeps between runs: {@linkplain #claim this user's alone}, and marked with
     * {@code marker} (hbench made it) or empty, in which case the marker is written.
     *
     * @param flag how the user names the directory, for messages: {@code -embeddedDir}
     * @throws BenchException of {@link ErrorCode#UNSAFE_DIRECTORY} if it is not this user's alone, lies under a
     *         directory others could change, or holds files without the marker; nothing was written in it
     * @throws IOException if it cannot be made, read or marked
     */
    public static Path claimStorage(Path dir, String flag, String marker, String markerText) throws IOException {
        requireNonNull(flag, "flag is null");
        requireNonNull(marker, "marker is null");
        try {
            claim(dir);
        } catch (NotPrivateException e) {
            throw new BenchException(ErrorCode.UNSAFE_DIRECTORY, flag + " " + e.getMessage() + e.parentWayOut()
                    .map(wayOut -> ", so hbench writes nothing there: " + wayOut)
                    .orElse(", so hbench writes nothing in it: remove it, or choose another " + flag));
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
