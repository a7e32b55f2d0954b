package io.hbench.replay;

import java.io.FileNotFoundException;
import java.io.IOException;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.ipc.RemoteException;
import org.apache.hadoop.security.AccessControlException;

/**
 * Why a replayed command failed, in a word: the causes a log's commands meet when the namespace differs from the
 * logged one, and any other failure by its exception's class.
 */
final class FailureCause {
    static final String NOT_FOUND = "not found";
    static final String PERMISSION = "permission";
    static final String EXISTS = "exists";
    static final String UNSUPPORTED = "unsupported";
    /** The file system answered false: a delete of nothing, a rename it refused, a mkdirs over a file. */
    static final String RETURNED_FALSE = "returned false";

    private FailureCause() {
    }

    /** The cause of {@code failure}: one of the constants, or its class's simple name (the remote one's over RPC). */
    static String of(Exception failure) {
        if (failure instanceof FileNotFoundException) {
            return NOT_FOUND;
        }
        if (failure instanceof AccessControlException) {
            return PERMISSION;
        }
        if (failure instanceof FileAlreadyExistsException) {
            return EXISTS;
        }
        if (failure instanceof UnsupportedOperationException) {
            return UNSUPPORTED;
        }
        if (failure instanceof RemoteException) {
            RemoteException remote = (RemoteException) failure;
            IOException unwrapped = remote.unwrapRemoteException(FileNotFoundException.class,
                    AccessControlException.class, FileAlreadyExistsException.class);
            if (unwrapped != remote) {
                return of(unwrapped);
            }
            String className = remote.getClassName();
            return className.equals(UnsupportedOperationException.class.getName()) ? UNSUPPORTED
                    : className.substring(className.lastIndexOf('.') + 1);
        }
        return failure.getClass().getSimpleName();
    }
}
