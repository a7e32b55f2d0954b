package io.hbench.load;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionService;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * The threads of one run of a loop ({@link OpenLoop}, {@link ClosedLoop}): a fixed pool of daemon workers, each of
 * which returns what it did. The first worker that fails ends the run with its failure; {@link #stop} stops every
 * worker (interrupting waiting and working ones) and waits for its thread to end, so no thread outlives a run.
 *
 * @param <S> what one worker did
 */
final class WorkerPool<S> {
    /** How long to wait for stopped workers to end before giving up on them (they are daemons). */
    private static final long STOP_WAIT_SECONDS = 10;

    private final String name;
    private final int workers;
    private final DaemonThreads threads;
    private final ExecutorService pool;
    private final CompletionService<S> done;

    /**
     * @param name names the run's failures, e.g. the operation
     * @param threadPrefix names the workers' threads
     */
    WorkerPool(String name, String threadPrefix, int workers) {
        this.name = name;
        this.workers = workers;
        this.threads = new DaemonThreads(threadPrefix);
        this.pool = Executors.newFixedThreadPool(workers, threads);
        this.done = new ExecutorCompletionService<>(pool);
    }

    /** Starts one worker; call it once per worker. */
    void start(Callable<S> worker) {
        done.submit(worker);
    }

    /** Waits until every worker has counted {@code ready} down, throwing the failure of one that failed meanwhile. */
    void await(CountDownLatch ready) throws InterruptedException {
        while (!ready.await(50, TimeUnit.MILLISECONDS)) {
            Future<S> failed = done.poll();
            if (failed != null) {
                collect(failed);
            }
        }
    }

    /** What every worker did, in the order they ended. */
    List<S> collectAll() throws InterruptedException {
        List<S> stats = new ArrayList<>();
        for (int w = 0; w < workers; w++) {
            stats.add(collect(done.take()));
        }
        return stats;
    }

    private S collect(Future<S> future) throws InterruptedException {
        try {
            return future.get();
        } catch (CancellationException e) {
            throw new BenchException(ErrorCode.INTERNAL_ERROR, name + ": a worker was cancelled");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof BenchException) {
                throw (BenchException) cause;
            }
            if (cause instanceof InterruptedException) {
                throw new InterruptedException(name + ": a worker was interrupted");
            }
            throw new BenchException(ErrorCode.INTERNAL_ERROR, name + ": " + cause, cause);
        }
    }

    /** Stops every worker and waits for its thread to end; call it once the run is over, however it ended. */
    void stop() throws InterruptedException {
        pool.shutdownNow();
        threads.awaitEnd(STOP_WAIT_SECONDS, TimeUnit.SECONDS);
    }
}
