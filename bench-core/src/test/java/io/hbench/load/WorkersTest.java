package io.hbench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbench.error.BenchException;
import java.io.FileNotFoundException;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class WorkersTest {
    @Test
    void sharesDifferByAtMostOne() {
        assertThat(Workers.divide(10, 3)).containsExactly(4, 3, 3);
        assertThat(Workers.divide(2, 4)).containsExactly(1, 1, 0, 0);
        assertThat(Arrays.stream(Workers.divide(1_000_003, 16)).sum()).isEqualTo(1_000_003);
    }

    @Test
    void countsEveryOperationOnceAndNotTheWarmUp() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        Workers.Outcome outcome = new Workers("op", 3, 1, true, null, false, Integer.MAX_VALUE, null)
                .run(new int[] {2, 2, 1}, Workers.divide(10, 3), op(calls, -1));

        assertThat(calls).hasValue(15);
        assertThat(outcome.totalOperations()).isEqualTo(10);
        assertThat(outcome.latency[0].getTotalCount()).isEqualTo(10);
        assertThat(outcome.totalCumulativeNanos()).isEqualTo(10 * 1000);
    }

    @Test
    @Timeout(30)
    void aFailingWorkerEndsTheRunWithTheOperationAndTheCauseAndStopsEveryWorker() {
        CountDownLatch never = new CountDownLatch(1);
        Workers.Op op = new Workers.Op() {
            @Override
            public long run(int thread, int index) throws Exception {
                if (thread == 1 && index == 3) {
                    throw new FileNotFoundException("File does not exist: /b/f3");
                }
                if (thread != 1) {
                    never.await();
                }
                return 1;
            }

            @Override
            public String describe(int thread, int index) {
                return "/b/f" + index;
            }
        };

        assertThatThrownBy(() -> new Workers("open", 4, 1, true, null, false, Integer.MAX_VALUE, null)
                .run(new int[4], Workers.divide(40, 4), op))
                .isInstanceOf(BenchException.class)
                .hasMessage("open failed in worker thread 1 on /b/f3: File does not exist: /b/f3");
        assertThat(Thread.getAllStackTraces().keySet()).noneMatch(t -> t.getName().startsWith("nnbench-open-"));
    }

    @Test
    @Timeout(30)
    void aFailureDuringWarmUpEndsTheRunToo() {
        assertThatThrownBy(() -> new Workers("create", 2, 1, true, null, false, Integer.MAX_VALUE, null)
                .run(new int[] {5, 5}, new int[] {5, 5}, op(new AtomicInteger(), 2)))
                .isInstanceOf(BenchException.class)
                .hasMessageStartingWith("create failed in worker thread ");
    }

    @Test
    void withADurationReadsRepeatTheirInputsUntilTimeIsUp() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        Workers.Outcome outcome = new Workers("open", 2, 1, true, Duration.ofMillis(200), true, Integer.MAX_VALUE,
                null).run(new int[2], new int[] {1, 1}, op(calls, -1));

        assertThat(outcome.totalOperations()).isGreaterThan(2);
        assertThat(outcome.stoppedByDuration).isTrue();
        assertThat(outcome.elapsedNanos).isGreaterThanOrEqualTo(Duration.ofMillis(200).toNanos());
    }

    private static Workers.Op op(AtomicInteger calls, int failAt) {
        return new Workers.Op() {
            @Override
            public long run(int thread, int index) throws Exception {
                calls.incrementAndGet();
                if (index == failAt) {
                    throw new java.io.IOException("boom");
                }
                return 1000;
            }

            @Override
            public String describe(int thread, int index) {
                return "#" + index;
            }
        };
    }
}
