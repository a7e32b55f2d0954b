package io.hbench.bsp.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/** Collects the lines a coordinator or peer reports refused connections with, for a test to read and await. */
public final class Refusals implements Consumer<String> {
    private final List<String> lines = new ArrayList<>();

    @Override
    public synchronized void accept(String line) {
        lines.add(line);
        notifyAll();
    }

    public synchronized List<String> lines() {
        return List.copyOf(lines);
    }

    /** The lines, once there are at least {@code count} of them or 30 seconds have passed. */
    public synchronized List<String> await(int count) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (lines.size() < count) {
            long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (left <= 0) {
                break;
            }
            wait(left);
        }
        return List.copyOf(lines);
    }
}
