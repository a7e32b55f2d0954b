package io.hbench.perf;

/**
 * Watches, from outside the tool, when the local job runner's map tasks run: from the first map task thread's start
 * to the last one's end. The same watch for hbench's and Hadoop's TestDFSIO, which share the runner but report
 * different clocks, so the fixed cost of a run, before its first task and after its last, is measured alike for both.
 * The runner names its map threads {@value #MAP_THREAD_PREFIX} and ends them when every map task of the job has ended.
 */
final class MapTaskWatch implements AutoCloseable {
    static final String MAP_THREAD_PREFIX = "LocalJobRunner Map Task Executor";
    private static final long POLL_MILLIS = 5;

    private final long startNanos = System.nanoTime();
    private final Thread poller;
    private volatile long firstSeenNanos = -1;
    private volatile long lastSeenNanos = -1;
    private volatile boolean stopped;

    private MapTaskWatch() {
        poller = new Thread(this::poll, "map-task-watch");
        poller.setDaemon(true);
    }

    /** Starts watching now, just before the tool is called. */
    static MapTaskWatch start() {
        MapTaskWatch watch = new MapTaskWatch();
        watch.poller.start();
        return watch;
    }

    private void poll() {
        ThreadGroup root = Thread.currentThread().getThreadGroup();
        while (root.getParent() != null) {
            root = root.getParent();
        }
        while (!stopped) {
            // Room for threads started since the count: an embedded cluster runs hundreds.
            Thread[] threads = new Thread[root.activeCount() * 2 + 16];
            int count = root.enumerate(threads, true);
            for (int i = 0; i < count; i++) {
                if (threads[i].getName().startsWith(MAP_THREAD_PREFIX)) {
                    long now = System.nanoTime();
                    if (firstSeenNanos < 0) {
                        firstSeenNanos = now;
                    }
                    lastSeenNanos = now;
                    break;
                }
            }
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** What the watch saw of one call that returned at {@code endNanos}. */
    static final class Span {
        /** From the call to its first map task, in seconds: set-up, control files, submission, task launch. */
        final double beforeTasksSec;
        /** From the last map task's end to the call's return, in seconds: reduce, commit, result, clean-up. */
        final double afterTasksSec;

        Span(double beforeTasksSec, double afterTasksSec) {
            this.beforeTasksSec = beforeTasksSec;
            this.afterTasksSec = afterTasksSec;
        }
    }

    /**
     * What was seen of a call that returned at {@code endNanos}, once the watch is closed. Accurate to the poll
     * interval, {@value #POLL_MILLIS} ms.
     *
     * @throws IllegalStateException if no map task was seen
     */
    Span span(long endNanos) {
        if (firstSeenNanos < 0) {
            throw new IllegalStateException("no map task thread (" + MAP_THREAD_PREFIX + ") was seen: not the local"
                    + " job runner?");
        }
        return new Span((firstSeenNanos - startNanos) / 1e9, (endNanos - lastSeenNanos) / 1e9);
    }

    @Override
    public void close() {
        stopped = true;
        poller.interrupt();
        try {
            poller.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
