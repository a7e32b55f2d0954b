package io.hbench.perf;

import java.io.IOException;

/** The pause between two measured runs that lets the first's writeback and block deletions finish first. */
final class Settle {
    private Settle() {
    }

    /** Syncs the file systems, then waits {@code millis}, so no run pays for another's. */
    static void pause(long millis) throws InterruptedException {
        try {
            new ProcessBuilder("sync").inheritIO().start().waitFor();
        } catch (IOException e) {
            // No sync command: the pause alone has to do.
        }
        Thread.sleep(millis);
    }
}
