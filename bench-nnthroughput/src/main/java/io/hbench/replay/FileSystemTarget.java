package io.hbench.replay;

import static java.util.Objects.requireNonNull;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.error.ErrorText;
import java.io.IOException;
import java.security.PrivilegedExceptionAction;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.ipc.RemoteException;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.authorize.AuthorizationException;

/**
 * Replays on a Hadoop file system: each command through the one FileSystem call that issues it, on the paths under
 * the prefix. As the running user, or with {@link #impersonating} as each line's logged user through Hadoop proxy
 * users: one FileSystem per user, made before the replay (a client's first call sets up its connection, which is not
 * the command's) and closed at the end.
 */
final class FileSystemTarget implements ReplayTarget {
    private final FileSystem running;
    /** Each logged user's file system when impersonating; empty otherwise. */
    private final Map<String, FileSystem> asUsers;
    private final short replication;

    private FileSystemTarget(FileSystem running, Map<String, FileSystem> asUsers, Path prefix) {
        this.running = requireNonNull(running, "running is null");
        this.asUsers = Map.copyOf(asUsers);
        this.replication = running.getDefaultReplication(prefix);
    }

    /** Replays every command as the running user, on {@code fs}, which the caller closes. */
    static FileSystemTarget asRunningUser(FileSystem fs, Path prefix) {
        return new FileSystemTarget(fs, Map.of(), prefix);
    }

    /**
     * Replays each command as its logged user, one of {@code users}, through a proxy user of the running one on
     * {@code fs}'s file system. Each user's file system makes one call first (a status of the prefix), so that a
     * cluster that does not let the running user impersonate is found before anything is replayed.
     *
     * @throws BenchException UNSUPPORTED_CONFIGURATION in one line naming the settings that allow it, when the cluster
     *     refuses
     */
    static FileSystemTarget impersonating(FileSystem fs, Path prefix, Collection<String> users)
            throws IOException, InterruptedException {
        UserGroupInformation real = UserGroupInformation.getCurrentUser();
        Map<String, FileSystem> asUsers = new HashMap<>();
        try {
            for (String user : users) {
                UserGroupInformation proxy = UserGroupInformation.createProxyUser(user, real);
                FileSystem own = proxy.doAs((PrivilegedExceptionAction<FileSystem>) () -> FileSystem.newInstance(
                        fs.getUri(), fs.getConf()));
                asUsers.put(user, own);
                try {
                    own.getFileStatus(prefix);
                } catch (IOException e) {
                    Optional<String> refusal = refusal(e);
                    if (refusal.isPresent()) {
                        String name = real.getShortUserName();
                        throw new BenchException(ErrorCode.UNSUPPORTED_CONFIGURATION, "-impersonate: "
                                + fs.getUri() + " does not let " + name + " act as " + user + " (" + refusal.get()
                                + "); allow it with hadoop.proxyuser." + name + ".hosts and hadoop.proxyuser." + name
                                + ".groups on the NameNode, or replay without -impersonate");
                    }
                    throw e;
                }
            }
        } catch (IOException | InterruptedException | RuntimeException e) {
            try {
                closeAll(asUsers.values());
            } catch (IOException closing) {
                e.addSuppressed(closing);
            }
            throw e;
        }
        return new FileSystemTarget(fs, asUsers, prefix);
    }

    /** The words of an impersonation refusal in {@code e}'s causes; empty if it is another failure. */
    private static Optional<String> refusal(Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            boolean remote = cause instanceof RemoteException
                    && ((RemoteException) cause).getClassName().equals(AuthorizationException.class.getName());
            if (remote || cause instanceof AuthorizationException) {
                return Optional.of(ErrorText.firstLine((Exception) cause));
            }
        }
        return Optional.empty();
    }

    @Override
    public boolean issue(ReplayCall call) throws IOException {
        FileSystem fs = asUsers.isEmpty() ? running : asUsers.get(call.entry().user());
        Path path = call.target();
        List<Path> others = call.otherTargets();
        switch (call.command()) {
            case OPEN:
                fs.open(path).close();
                return true;
            case CREATE:
                fs.create(path, true).close();
                return true;
            case MKDIRS:
                return fs.mkdirs(path);
            case DELETE:
                return fs.delete(path, true);
            case RENAME:
                return fs.rename(path, others.get(0));
            case GET_FILE_INFO:
                fs.getFileStatus(path);
                return true;
            case LIST_STATUS:
                fs.listStatus(path);
                return true;
            case CONTENT_SUMMARY:
                fs.getContentSummary(path);
                return true;
            case SET_PERMISSION:
                fs.setPermission(path, FsPermission.valueOf("-" + perm(call)[2]));
                return true;
            case SET_OWNER:
                fs.setOwner(path, perm(call)[0], perm(call)[1]);
                return true;
            case SET_TIMES:
                long now = System.currentTimeMillis();
                fs.setTimes(path, now, now);
                return true;
            case SET_REPLICATION:
                return fs.setReplication(path, replication);
            case APPEND:
                fs.append(path).close();
                return true;
            case CONCAT:
                fs.concat(path, others.toArray(new Path[0]));
                return true;
            case TRUNCATE:
                return fs.truncate(path, 0);
            case GET_ACL_STATUS:
                fs.getAclStatus(path);
                return true;
            default:
                throw new IllegalStateException("no call for " + call.command());
        }
    }

    /** The logged {@code owner:group:permission} after the command, split in three. */
    private static String[] perm(ReplayCall call) {
        String logged = call.entry().perm().orElseThrow(() -> new IllegalArgumentException("no perm= logged"));
        String[] parts = logged.split(":", 3);
        if (parts.length != 3) {
            throw new IllegalArgumentException("perm= is not owner:group:permission: " + logged);
        }
        return parts;
    }

    /** Closes each logged user's file system; the running user's is the caller's. */
    @Override
    public void close() throws IOException {
        closeAll(asUsers.values());
    }

    private static void closeAll(Collection<FileSystem> fileSystems) throws IOException {
        IOException first = null;
        for (FileSystem fs : fileSystems) {
            try {
                fs.close();
            } catch (IOException e) {
                if (first == null) {
                    first = e;
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
