package io.hbench.bsp.benchbase;

import io.hbench.bsp.BspJobResult;
import io.hbench.bsp.BspJobSpec;
import io.hbench.bsp.BspPeer;
import io.hbench.bsp.BspProgram;
import io.hbench.bsp.BspRunner;
import io.hbench.bsp.MessageHandler;
import io.hbench.bsp.SuperstepTiming;
import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A {@link BspRunner} for tests: peers are threads of this process and messages are handed over in memory,
 * delivered to the destination's handler on the sender's thread as {@link BspPeer#send} is called, so that
 * {@link BspPeer#flush} has nothing left to wait for. The barrier is a {@link CyclicBarrier}; every wait
 * ends with the job's failure timeout, and the first failure interrupts every other peer.
 *
 * <p>Its clock is real ({@link System#nanoTime}) or, for accuracy tests, a path of known rate: each peer's
 * clock then advances only as that peer sends to other peers, by {@code bytes / rate}, and the barrier sets
 * every clock to the latest, as a real barrier ends when the last peer arrives.
 *
 * <p>Every peer runs on "localhost", or with {@link #onHosts} on hosts the test names, where messages between two
 * peers on one host may go at a rate of their own, as a loopback is faster than a link.
 *
 * <p>Each peer times its own program on the real clocks, as the runtime's peers do: its wall-clock start and how
 * long it ran. {@link #staggered} makes those differ by a known least amount.
 */
public final class InMemoryBspRunner implements BspRunner {
    private final int maxPeers;
    private final long bytesPerSecond;
    private final Duration stagger;
    private final List<String> hosts;
    private final long sameHostBytesPerSecond;

    private InMemoryBspRunner(int maxPeers, long bytesPerSecond, Duration stagger, List<String> hosts,
            long sameHostBytesPerSecond) {
        this.maxPeers = maxPeers;
        this.bytesPerSecond = bytesPerSecond;
        this.stagger = stagger;
        this.hosts = hosts;
        this.sameHostBytesPerSecond = sameHostBytesPerSecond;
    }

    /** Real time; refuses jobs of more than {@code maxPeers} peers, as a cluster with that many slots would. */
    public static InMemoryBspRunner realTime(int maxPeers) {
        return new InMemoryBspRunner(maxPeers, 0, Duration.ZERO, List.of("localhost"), 0);
    }

    /** Time that passes only as peers send to each other, {@code bytesPerSecond} per peer. */
    public static InMemoryBspRunner rateLimited(int maxPeers, long bytesPerSecond) {
        if (bytesPerSecond < 1) {
            throw new IllegalArgumentException("bytesPerSecond must be positive");
        }
        return new InMemoryBspRunner(maxPeers, bytesPerSecond, Duration.ZERO, List.of("localhost"), bytesPerSecond);
    }

    /** The same runner, but peer i of a job runs on {@code hosts.get(i % hosts.size())}. */
    public InMemoryBspRunner onHosts(List<String> hosts) {
        return onHosts(hosts, Math.max(1, sameHostBytesPerSecond));
    }

    /**
     * The same runner, but peer i of a job runs on {@code hosts.get(i % hosts.size())}, and with a rate-limited clock
     * a message between two peers on one host takes {@code bytes / sameHostBytesPerSecond}.
     */
    public InMemoryBspRunner onHosts(List<String> hosts, long sameHostBytesPerSecond) {
        if (hosts.isEmpty() || sameHostBytesPerSecond < 1) {
            throw new IllegalArgumentException("give at least one host and a positive rate on one host");
        }
        return new InMemoryBspRunner(maxPeers, bytesPerSecond, stagger, List.copyOf(hosts), sameHostBytesPerSecond);
    }

    /**
     * The same runner, but each peer's program starts at least {@code gap} after the previous peer's started,
     * on the wall clock: peers whose own starts and run times differ.
     */
    public InMemoryBspRunner staggered(Duration gap) {
        if (gap.isNegative()) {
            throw new IllegalArgumentException("the gap must not be negative, not " + gap);
        }
        return new InMemoryBspRunner(maxPeers, bytesPerSecond, gap, hosts, sameHostBytesPerSecond);
    }

    @Override
    public BspJobResult run(BspJobSpec spec) throws InterruptedException {
        if (spec.peers() > maxPeers) {
            throw new BenchException(ErrorCode.INVALID_ARGUMENT, "-peers " + spec.peers() + " is more than the "
                    + maxPeers + " peers this cluster can run at once");
        }
        Instant start = Instant.now();
        Job job = new Job(spec);
        job.runToEnd();
        List<BspJobResult.PeerReport> reports = new ArrayList<>();
        for (int i = 0; i < spec.peers(); i++) {
            reports.add(new BspJobResult.PeerReport(i, hostOf(i), job.starts[i], Duration.ofNanos(job.nanos[i]),
                    job.reports[i]));
        }
        return new BspJobResult(reports, start, Instant.now());
    }

    private String hostOf(int peer) {
        return hosts.get(peer % hosts.size());
    }

    private final class Job {
        private final BspJobSpec spec;
        private final Peer[] peers;
        private final byte[][] reports;
        private final Instant[] starts;
        private final long[] nanos;
        /** Counted down as each peer's program starts, for {@link #stagger}. */
        private final CountDownLatch[] started;
        private final CyclicBarrier barrier;
        /** Guards received counts (notified when they change) and the failure. */
        private final Object lock = new Object();
        private RuntimeException failure;
        private final List<Thread> threads = new ArrayList<>();

        Job(BspJobSpec spec) {
            this.spec = spec;
            this.peers = new Peer[spec.peers()];
            this.reports = new byte[spec.peers()][];
            this.starts = new Instant[spec.peers()];
            this.nanos = new long[spec.peers()];
            this.started = new CountDownLatch[spec.peers()];
            for (int i = 0; i < peers.length; i++) {
                peers[i] = new Peer(this, i);
                started[i] = new CountDownLatch(1);
            }
            this.barrier = new CyclicBarrier(peers.length, this::endBarrier);
        }

        /** Runs as the last peer reaches the barrier, before any leaves it. */
        private void endBarrier() {
            if (bytesPerSecond > 0) {
                long latest = Arrays.stream(peers).mapToLong(Peer::clock).max().orElseThrow();
                for (Peer peer : peers) {
                    peer.virtualBase = latest;
                    peer.virtualBytes = 0;
                    peer.virtualSameHostBytes = 0;
                }
            }
        }

        void runToEnd() throws InterruptedException {
            for (Peer peer : peers) {
                Thread thread = new Thread(() -> runPeer(peer), "in-memory-peer-" + peer.index);
                thread.setDaemon(true);
                threads.add(thread);
            }
            threads.forEach(Thread::start);
            for (Thread thread : threads) {
                thread.join();
            }
            synchronized (lock) {
                if (failure != null) {
                    throw failure;
                }
            }
        }

        private void runPeer(Peer peer) {
            try {
                BspProgram program = spec.program().getConstructor().newInstance();
                if (peer.index > 0 && !stagger.isZero()) {
                    started[peer.index - 1].await();
                    Thread.sleep(stagger.toMillis());
                }
                starts[peer.index] = Instant.now();
                long startNanos = System.nanoTime();
                peer.barrierEnd = peer.clock();
                started[peer.index].countDown();
                reports[peer.index] = program.run(peer, spec.arguments());
                nanos[peer.index] = System.nanoTime() - startNanos;
            } catch (Exception e) {
                fail(e instanceof BenchException ? (BenchException) e : new BenchException(ErrorCode.PEER_FAILED,
                        "peer " + peer.index + " failed in superstep " + peer.superstep + ": " + e, e));
            }
        }

        /** Records the job's first failure and stops the other peers wherever they wait. */
        void fail(RuntimeException e) {
            synchronized (lock) {
                if (failure != null) {
                    return;
                }
                failure = e;
            }
            threads.stream().filter(thread -> thread != Thread.currentThread()).forEach(Thread::interrupt);
        }

        long timeoutNanos() {
            return spec.failureTimeout().toNanos();
        }
    }

    private final class Peer implements BspPeer {
        private final Job job;
        private final int index;
        /** Per superstep, bytes delivered here from each source; guarded by job.lock. */
        private final Map<Integer, long[]> received = new HashMap<>();
        private volatile MessageHandler handler;
        private int superstep;
        private long barrierEnd;
        private long messages;
        private long bytesRemote;
        private long bytesLocal;
        /** The rate-limited clock: the last barrier's time and the bytes sent since, to other hosts and on its own. */
        private volatile long virtualBase;
        private volatile long virtualBytes;
        private volatile long virtualSameHostBytes;

        Peer(Job job, int index) {
            this.job = job;
            this.index = index;
        }

        long clock() {
            return bytesPerSecond > 0 ? virtualBase + virtualBytes * 1_000_000_000L / bytesPerSecond
                    + virtualSameHostBytes * 1_000_000_000L / sameHostBytesPerSecond : System.nanoTime();
        }

        @Override
        public int index() {
            return index;
        }

        @Override
        public int count() {
            return job.peers.length;
        }

        @Override
        public String host() {
            return hostOf(index);
        }

        @Override
        public int superstep() {
            return superstep;
        }

        @Override
        public void send(int destination, byte[] message, int offset, int length) {
            if (destination < 0 || destination >= count()) {
                throw new IllegalArgumentException("no peer " + destination);
            }
            byte[] copy = Arrays.copyOfRange(message, offset, offset + length);
            messages++;
            if (destination == index) {
                bytesLocal += length;
            } else if (hostOf(destination).equals(host())) {
                bytesRemote += length;
                virtualSameHostBytes += length;
            } else {
                bytesRemote += length;
                virtualBytes += length;
            }
            Peer target = job.peers[destination];
            MessageHandler targetHandler = target.handler;
            if (targetHandler != null) {
                targetHandler.onMessage(index, superstep, ByteBuffer.wrap(copy));
            }
            synchronized (job.lock) {
                target.received.computeIfAbsent(superstep, s -> new long[count()])[index] += length;
                job.lock.notifyAll();
            }
        }

        @Override
        public void setMessageHandler(MessageHandler handler) {
            this.handler = handler;
        }

        /** Every message was delivered when it was sent. */
        @Override
        public void flush() {
        }

        @Override
        public void awaitReceived(int source, long bytes) throws InterruptedException {
            long deadline = System.nanoTime() + job.timeoutNanos();
            synchronized (job.lock) {
                while (receivedFrom(source) < bytes) {
                    long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        throw new BenchException(ErrorCode.PEER_FAILED, "peer " + index + " received "
                                + receivedFrom(source) + " of " + bytes + " bytes from peer " + source
                                + " in superstep " + superstep + " within the failure timeout");
                    }
                    TimeUnit.NANOSECONDS.timedWait(job.lock, left);
                }
            }
        }

        private long receivedFrom(int source) {
            long[] counts = received.get(superstep);
            return counts == null ? 0 : counts[source];
        }

        @Override
        public SuperstepTiming sync() throws InterruptedException {
            long called = clock();
            flush();
            long flushed = clock();
            try {
                job.barrier.await(job.timeoutNanos(), TimeUnit.NANOSECONDS);
            } catch (BrokenBarrierException e) {
                throw new BenchException(ErrorCode.PEER_FAILED, "peer " + index + " left the barrier of superstep "
                        + superstep + ": another peer failed or timed out");
            } catch (TimeoutException e) {
                BenchException timeout = new BenchException(ErrorCode.PEER_FAILED, "a peer did not reach the"
                        + " barrier of superstep " + superstep + " within the failure timeout");
                job.fail(timeout);
                throw timeout;
            }
            long passed = clock();
            long bytesReceived;
            synchronized (job.lock) {
                long[] counts = received.remove(superstep);
                bytesReceived = counts == null ? 0 : Arrays.stream(counts).sum();
            }
            SuperstepTiming timing = new SuperstepTiming(superstep, called - barrierEnd, flushed - called,
                    passed - flushed, messages, bytesRemote, bytesLocal, bytesReceived);
            superstep++;
            barrierEnd = passed;
            messages = 0;
            bytesRemote = 0;
            bytesLocal = 0;
            return timing;
        }
    }
}
