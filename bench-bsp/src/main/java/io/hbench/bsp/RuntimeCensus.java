package io.hbench.bsp;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.OptionalLong;
import java.util.stream.Stream;

/**
 * Counts what the BSP runtime holds in this JVM: the threads of one peer's runtime, by the names {@link #threadName}
 * gives them, and the JVM's sockets. Tests and bench-perf use it to check that both stay bounded as jobs grow.
 */
public final class RuntimeCensus {
    private static final Path OPEN_FILES = Paths.get("/proc/self/fd");

    private RuntimeCensus() {
    }

    /** The name of a thread of peer {@code index}'s runtime that does {@code role}. */
    public static String threadName(int index, String role) {
        return prefix(index) + role;
    }

    /** The live threads of peer {@code index}'s runtime in this JVM. */
    public static int threadsOf(int index) {
        // From the root thread group, not Thread.getAllStackTraces: no stack is taken of thousands of peers' threads.
        ThreadGroup root = Thread.currentThread().getThreadGroup();
        while (root.getParent() != null) {
            root = root.getParent();
        }
        Thread[] threads = new Thread[root.activeCount() + 64];
        int found = root.enumerate(threads);
        String prefix = prefix(index);
        int own = 0;
        for (int i = 0; i < found; i++) {
            if (threads[i].getName().startsWith(prefix)) {
                own++;
            }
        }
        return own;
    }

    /** The sockets this JVM holds, from /proc/self/fd; empty where there is no such directory to count them in. */
    public static OptionalLong sockets() {
        if (!Files.isDirectory(OPEN_FILES)) {
            return OptionalLong.empty();
        }
        try (Stream<Path> files = Files.list(OPEN_FILES)) {
            return OptionalLong.of(files.filter(RuntimeCensus::isSocket).count());
        } catch (IOException e) {
            return OptionalLong.empty();
        }
    }

    private static boolean isSocket(Path file) {
        try {
            return Files.readSymbolicLink(file).toString().startsWith("socket:");
        } catch (IOException e) {
            // Closed while listed.
            return false;
        }
    }

    private static String prefix(int index) {
        return "bsp-peer-" + index + "-";
    }
}
