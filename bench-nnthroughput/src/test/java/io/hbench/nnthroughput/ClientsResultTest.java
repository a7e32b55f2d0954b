package io.hbench.nnthroughput;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.load.LoadClock;
import io.hbench.load.LoadClients;
import io.hbench.load.LoadOutcome;
import io.hbench.load.OpenLoop;
import io.hbench.load.Schedule;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A run from clients, merged from what each client sent, and which client it names as the limit. Each client's
 * schedule runs on a fake clock of its own, so the figures are exact.
 */
class ClientsResultTest {
    private static final long US = 1_000L;
    private static final NnOptions RUN = NnOptions.builder(NnOperation.CREATE).files(300).threads(1).rate(3000)
            .seed(1).build();

    /** A clock that moves only when told; a host that wakes late moves it {@code lateWake} past each deadline. */
    private static final class FakeClock implements LoadClock {
        private final long lateWake;
        private long now = 1_000_000_000L;

        FakeClock(long lateWake) {
            this.lateWake = lateWake;
        }

        @Override
        public synchronized long nanoTime() {
            return now;
        }

        @Override
        public synchronized void sleepUntil(long deadline) {
            now = Math.max(now, deadline) + lateWake;
        }

        synchronized void advance(long nanos) {
            now += nanos;
        }
    }

    /** A client's step: 100 creates at 1000 ops/s, evenly spaced, on one worker, each served in {@code service}. */
    private static ClientStep client(long service, long lateWake) throws InterruptedException {
        FakeClock clock = new FakeClock(lateWake);
        LoadOutcome outcome = new OpenLoop("create", 1, 1, clock).run(0, Schedule.of(Schedule.Arrivals.FIXED, 1000,
                100, 0), new OpenLoop.Operation() {
                    @Override
                    public long run(int worker, int index) {
                        clock.advance(service);
                        return service;
                    }

                    @Override
                    public String describe(int index) {
                        return "create " + index;
                    }
                });
        return new ClientStep(NnOperation.CREATE, List.of("baseDir = /b/w0/create", "nrFiles = 100",
                "nrThreads = 1", "nrFilesPerDir = 4"), List.of(), List.of("create"), 0, false, outcome);
    }

    private static ClientsResult result(List<ClientStep> steps) {
        OpResult merged = Clients.merge(RUN, steps);
        List<LoadClients.Client> clients = new ArrayList<>();
        for (int i = 0; i < steps.size(); i++) {
            clients.add(new LoadClients.Client("w" + i, "h" + i, steps.get(i).outcome()));
        }
        Instant now = Instant.now();
        return new ClientsResult(new NnResult(RUN, "hdfs://nn:8020", now, now, List.of(merged)), clients,
                Optional.empty());
    }

    @Test
    void theMergedRunCountsEveryClientsOperationsAndSaysTheRunsInputs() throws InterruptedException {
        List<ClientStep> steps = List.of(client(100 * US, 0), client(100 * US, 0), client(100 * US, 0));

        OpResult merged = result(steps).merged().operations().get(0);

        assertThat(merged.operations()).isEqualTo(300);
        assertThat(merged.inputLines()).containsExactly("baseDir = /b/w*/create", "nrFiles = 300", "nrThreads = 1",
                "nrFilesPerDir = 4");
        LoadOutcome load = merged.openLoop().orElseThrow();
        assertThat(load.latency().getTotalCount()).isEqualTo(300);
        assertThat(load.targetRate()).isEqualTo(3000.0);
        assertThat(load.workers()).as("the clients' pools together").isEqualTo(3);
        // The merged run's lines say the pool as the user set it, each client's -threads.
        assertThat(NnReport.openLoopLines(merged, load, 0)).first().asString()
                .endsWith("(fixed arrivals, 3 clients of -threads 1)");
    }

    @Test
    void aClientThatFellBehindWhileServedAsFastAsTheOthersIsNamedAsTheLimit() throws InterruptedException {
        // w1's host wakes 950 us late for every operation: it falls behind although each call takes 100 us.
        ClientsResult result = result(List.of(client(100 * US, 0), client(100 * US, 950 * US),
                client(100 * US, 0)));

        assertThat(result.limitingClients()).extracting(LoadClients.Client::name).containsExactly("w1");
        // w0: the last create due at 99 ms ends at 99.1 ms. w1: create k starts at 0.95 + 1.05 k ms, the last at
        // 104.9 ms, 5.9 ms after it was due, and ends at 105 ms.
        assertThat(result.lines()).contains(
                "Client w0 on h0: 100 operations, ops/s 1009.08, behind schedule at end ms 0.000 (0 %), service time"
                        + " p50 ms 0.100",
                "Client w1 on h1: 100 operations, ops/s 952.38, behind schedule at end ms 5.900 (5.9 %), service time"
                        + " p50 ms 0.100",
                "client w1 fell 5.9 % behind its schedule: the load generator, not the NameNode, limited this step");
    }

    @Test
    void aClientThatFellBehindOnSlowerCallsIsNotNamed() throws InterruptedException {
        // w1's calls take 2 ms, 20 times the others': the NameNode served it slower, not its own host.
        ClientsResult result = result(List.of(client(100 * US, 0), client(2000 * US, 0), client(100 * US, 0)));

        assertThat(result.merged().operations().get(0).openLoop().orElseThrow().keptSchedule()).isFalse();
        assertThat(result.limitingClients()).isEmpty();
        assertThat(result.lines()).noneMatch(line -> line.startsWith("client w"));
    }

    @Test
    void aLoneClientIsNeverComparedWithOthers() throws InterruptedException {
        assertThat(result(List.of(client(100 * US, 950 * US))).limitingClients()).isEmpty();
    }
}
