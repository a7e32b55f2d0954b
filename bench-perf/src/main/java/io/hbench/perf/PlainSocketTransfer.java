package io.hbench.perf;

import io.hbench.cli.FlagValues;
import java.io.EOFException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.Random;

/**
 * One process of the plain JDK socket transfer that {@link BspComparison} measures RandBench against: the
 * same traffic with nothing but blocking {@link SocketChannel}s, no framing, no supersteps.
 *
 * <p>Process {@code i} of {@code P} listens on {@code 127.0.0.1:port[i]}, connects to every other process
 * (one connection per destination, as a BSP peer has) and accepts one from every other. It then sends
 * {@code warmup} messages, waits until every other process has sent it all of theirs and a start byte, and
 * sends {@code messages} more: each message to a destination drawn uniformly from the others, as RandBench
 * {@code -noSelf} does, so both carry the same load, imbalance included. Destinations come from a
 * {@link Random} seeded with {@code seed} and the sender's index, so every receiver works out exactly how many
 * bytes each sender will send it and needs no framing to know when it is done.
 *
 * <p>With {@code messagesPerStep} above 0 it sends in supersteps, as RandBench does, with the simplest barrier there
 * is: after its messages of a superstep it writes one end byte to every other process, and it starts the next
 * superstep once it holds every other process's end byte, each after all the bytes that process sent it in the
 * superstep. Against this, RandBench's runtime pays only for itself; against the stream (0: the measured messages as
 * one superstep), for the supersteps too: each ends with the most loaded receiver, and the others wait.
 *
 * <p>Its transfer time runs on its own clock from the moment it holds every end byte of the warm-up (every process
 * has finished its warm-up: a barrier) to the moment it holds every end byte of the last superstep: it has written
 * all its messages and read all it was due. It prints one line, {@code transfer <network bytes sent>
 * <nanoseconds>}; the comparison takes total bytes / the slowest process's time, as RandBench does.
 */
public final class PlainSocketTransfer {
    static final String RESULT = "transfer ";
    private static final long CONNECT_PATIENCE_NANOS = 30_000_000_000L;

    private final int index;
    private final int[] ports;
    private final int messageSize;
    private final int warmup;
    private final int messages;
    /** Messages per process and superstep; the measured messages are {@link #supersteps} of them. */
    private final int messagesPerStep;
    private final int supersteps;
    private final long seed;
    private final SocketChannel[] outbound;
    /** Per sender, the supersteps it has ended here (the warm-up is the first); guarded by itself. */
    private final int[] ended;
    /** A reader's failure, which ends every wait for {@link #ended}; guarded by {@link #ended}. */
    private Throwable failure;

    private PlainSocketTransfer(int index, int[] ports, int messageSize, int warmup, int messages, int messagesPerStep,
            long seed) {
        this.index = index;
        this.ports = ports;
        this.messageSize = messageSize;
        this.warmup = warmup;
        this.messages = messages;
        this.messagesPerStep = messagesPerStep == 0 ? messages : messagesPerStep;
        if (messages % this.messagesPerStep != 0) {
            throw new IllegalArgumentException(messagesPerStep + " messages per superstep do not divide " + messages);
        }
        this.supersteps = messages / this.messagesPerStep;
        this.seed = seed;
        this.outbound = new SocketChannel[ports.length];
        this.ended = new int[ports.length];
    }

    /** {@code <index> <port,port,...> <messageSize> <warmupMessages> <messages> <messagesPerStep> <seed>} */
    public static void main(String[] args) throws Exception {
        if (args.length != 7) {
            System.err.println("usage: PlainSocketTransfer <index> <port,port,...> <messageSize> <warmupMessages>"
                    + " <messages> <messagesPerStep, 0: one stream> <seed>");
            System.exit(2);
        }
        String[] list = args[1].split(",");
        int[] ports = new int[list.length];
        for (int i = 0; i < list.length; i++) {
            ports[i] = FlagValues.wholeNumber("<port>", list[i], 0, 65535);
        }
        new PlainSocketTransfer(FlagValues.wholeNumber("<index>", args[0]), ports,
                FlagValues.wholeNumber("<messageSize>", args[2]), FlagValues.wholeNumber("<warmupMessages>", args[3]),
                FlagValues.wholeNumber("<messages>", args[4]), FlagValues.wholeNumber("<messagesPerStep>", args[5]),
                FlagValues.seed("<seed>", args[6])).run();
    }

    private void run() throws Exception {
        try (ServerSocketChannel listener = ServerSocketChannel.open()) {
            listener.bind(new InetSocketAddress("127.0.0.1", ports[index]));
            for (int peer = 0; peer < ports.length; peer++) {
                if (peer != index) {
                    outbound[peer] = connect(ports[peer]);
                    outbound[peer].write(ByteBuffer.allocate(Integer.BYTES).putInt(0, index));
                }
            }
            for (int accepted = 0; accepted < ports.length - 1; accepted++) {
                SocketChannel channel = listener.accept();
                channel.socket().setTcpNoDelay(true);
                Thread reader = new Thread(() -> read(channel), "reader-" + accepted);
                reader.setDaemon(true);
                reader.start();
            }
            ByteBuffer pool = payload();
            Random destinations = destinations(index);
            ByteBuffer end = ByteBuffer.allocate(1);
            send(pool, destinations, warmup);
            endSuperstep(end, 0);
            long begin = System.nanoTime();
            for (int step = 1; step <= supersteps; step++) {
                send(pool, destinations, messagesPerStep);
                endSuperstep(end, step);
            }
            long finish = System.nanoTime();
            System.out.println(RESULT + (long) messages * messageSize + " " + (finish - begin));
            for (SocketChannel channel : outbound) {
                if (channel != null) {
                    channel.close();
                }
            }
        }
    }

    /** The other process may not listen yet: it was started at the same moment. */
    private static SocketChannel connect(int port) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + CONNECT_PATIENCE_NANOS;
        while (true) {
            try {
                SocketChannel channel = SocketChannel.open(new InetSocketAddress("127.0.0.1", port));
                channel.socket().setTcpNoDelay(true);
                return channel;
            } catch (ConnectException e) {
                if (System.nanoTime() - deadline > 0) {
                    throw e;
                }
                Thread.sleep(20);
            }
        }
    }

    /** Random non-zero bytes, twice a message, so messages are slices at random offsets as RandBench's are. */
    private ByteBuffer payload() {
        byte[] bytes = new byte[2 * messageSize];
        Random random = new Random(seed ^ index);
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) (1 + random.nextInt(255));
        }
        return ByteBuffer.allocateDirect(bytes.length).put(bytes).flip();
    }

    private Random destinations(int sender) {
        return new Random(seed + 31L * sender);
    }

    private int destination(Random random, int sender) {
        int other = random.nextInt(ports.length - 1);
        return other >= sender ? other + 1 : other;
    }

    /** Writes an end byte to every other process and waits until every other has ended {@code step} here. */
    private void endSuperstep(ByteBuffer end, int step) throws IOException, InterruptedException {
        for (SocketChannel channel : outbound) {
            if (channel != null) {
                writeFully(channel, end.clear());
            }
        }
        synchronized (ended) {
            for (int sender = 0; sender < ended.length; sender++) {
                while (sender != index && ended[sender] <= step && failure == null) {
                    ended.wait();
                }
            }
            if (failure != null) {
                throw new IllegalStateException("a reader failed", failure);
            }
        }
    }

    private void send(ByteBuffer pool, Random destinations, int count) throws IOException {
        for (int i = 0; i < count; i++) {
            int offset = destinations.nextInt(messageSize + 1);
            ByteBuffer message = pool.duplicate().position(offset).limit(offset + messageSize);
            writeFully(outbound[destination(destinations, index)], message);
        }
    }

    private static void writeFully(SocketChannel channel, ByteBuffer buffer) throws IOException {
        while (buffer.hasRemaining()) {
            channel.write(buffer);
        }
    }

    /** Reads one sender's supersteps, the warm-up first: each its bytes, counted in advance, and its end byte. */
    private void read(SocketChannel channel) {
        try {
            ByteBuffer hello = ByteBuffer.allocate(Integer.BYTES);
            readFully(channel, hello, Integer.BYTES);
            int sender = hello.getInt(0);
            Random random = destinations(sender);
            ByteBuffer buffer = ByteBuffer.allocateDirect(64 * 1024);
            for (int step = 0; step <= supersteps; step++) {
                readFully(channel, buffer, due(random, sender, step == 0 ? warmup : messagesPerStep) + 1);
                synchronized (ended) {
                    ended[sender]++;
                    ended.notifyAll();
                }
            }
        } catch (IOException | RuntimeException e) {
            synchronized (ended) {
                failure = failure == null ? e : failure;
                ended.notifyAll();
            }
        }
    }

    /** The bytes of the next {@code count} messages of {@code sender} that come to this process. */
    private long due(Random random, int sender, int count) {
        long bytes = 0;
        for (int i = 0; i < count; i++) {
            random.nextInt(messageSize + 1);
            if (destination(random, sender) == index) {
                bytes += messageSize;
            }
        }
        return bytes;
    }

    private static void readFully(SocketChannel channel, ByteBuffer buffer, long bytes) throws IOException {
        long left = bytes;
        while (left > 0) {
            buffer.clear();
            if (left < buffer.capacity()) {
                buffer.limit((int) left);
            }
            int read = channel.read(buffer);
            if (read < 0) {
                throw new EOFException("connection closed with " + left + " bytes still due");
            }
            left -= read;
        }
    }

}
