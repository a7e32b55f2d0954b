package io.hbench.fs;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;

/** Exclusive locks on local files, by which programs on one host keep out of each other's directories. */
public final class FileLocks {
    private FileLocks() {
    }

    /**
     * The lock of {@code channel}'s file, or null if another holds it: another process, or this JVM through another
     * channel (a second program in one JVM, as in tests, which the JDK reports by an exception rather than null).
     */
    public static FileLock tryLock(FileChannel channel) throws IOException {
        try {
            return channel.tryLock();
        } catch (OverlappingFileLockException e) {
            return null;
        }
    }
}
