package io.hbench.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class DaemonThreadsTest {
    @Test
    void namesItsThreadsInOrderAsDaemons() {
        DaemonThreads threads = new DaemonThreads("pool-");

        Thread first = threads.newThread(() -> { });
        Thread second = threads.newThread(() -> { });

        assertThat(first.getName()).isEqualTo("pool-0");
        assertThat(second.getName()).isEqualTo("pool-1");
        assertThat(first.isDaemon()).isTrue();
    }

    @Test
    void noThreadOfAStoppedPoolIsAliveOnceAwaitEndReturnsTrue() throws InterruptedException {
        DaemonThreads threads = new DaemonThreads("stopped-");
        ExecutorService pool = Executors.newFixedThreadPool(3, threads);
        CountDownLatch started = new CountDownLatch(3);
        for (int i = 0; i < 3; i++) {
            pool.submit(() -> {
                started.countDown();
                Thread.sleep(60_000);
                return null;
            });
        }
        started.await();

        pool.shutdownNow();

        assertThat(threads.awaitEnd(10, TimeUnit.SECONDS)).isTrue();
        assertThat(Thread.getAllStackTraces().keySet()).noneMatch(t -> t.getName().startsWith("stopped-"));
    }

    @Test
    void awaitEndSaysFalseWhenAThreadOutlivesTheTimeout() throws InterruptedException {
        DaemonThreads threads = new DaemonThreads("stubborn-");
        CountDownLatch release = new CountDownLatch(1);
        Thread thread = threads.newThread(() -> {
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        thread.start();

        assertThat(threads.awaitEnd(10, TimeUnit.MILLISECONDS)).isFalse();
        release.countDown();
        assertThat(threads.awaitEnd(10, TimeUnit.SECONDS)).isTrue();
    }
}
