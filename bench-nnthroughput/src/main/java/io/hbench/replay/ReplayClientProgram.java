package io.hbench.replay;

import io.hbench.bsp.BspPeer;
import io.hbench.bsp.BspProgram;
import io.hbench.load.OpenLoop;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * One client of a replay from many clients ({@code -clients N}), as a BSP peer in a map task: it reads the whole log
 * (every client reads the same lines, so every one computes the same {@link LogSplit shares}), takes its share, waits
 * at a barrier for every other client to be ready, and replays its share from the instant it leaves the barrier, each
 * line at its place in the whole log. It returns its {@link ReplayOutcome}, encoded.
 */
public final class ReplayClientProgram implements BspProgram {
    @Override
    public byte[] run(BspPeer peer, byte[] arguments) throws Exception {
        Configuration conf = new Configuration(false);
        AuditReplayOptions options;
        String prefix;
        long originMillis;
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(arguments))) {
            conf.readFields(in);
            int logCount = in.readInt();
            List<String> logs = new ArrayList<>();
            for (int i = 0; i < logCount; i++) {
                logs.add(in.readUTF());
            }
            OptionalLong from = readOptional(in);
            OptionalLong to = readOptional(in);
            options = AuditReplayOptions.builder().logs(logs).window(ReplayWindow.of(from, to))
                    .rateFactor(in.readDouble())
                    .threads(in.readInt())
                    .impersonate(in.readBoolean())
                    .clients(in.readInt())
                    .split(LogSplit.byLabel(in.readUTF()).orElseThrow())
                    .build();
            prefix = in.readUTF();
            originMillis = in.readLong();
        }
        ReplayLog log = new AuditLogs(conf).read(options.logs(), options.window());
        List<AuditEntry> mine = options.split().shares(log.entries(), peer.count()).get(peer.index());
        ReplayLog share = new ReplayLog(log.files(), mine.size(), mine, SkippedLines.NONE);
        // The barrier's end reaches every client within a network round trip: the common start, on each one's clock.
        OpenLoop.Start commonStart = clock -> {
            peer.sync();
            return clock.nanoTime();
        };
        return ReplayOutcome.encode(new AuditReplay(conf).replayShare(options, share, new Path(prefix), originMillis,
                commonStart));
    }

    /**
     * The bytes every client receives: the cluster's configuration, the run's options, the prefix it claimed and
     * prepared, and the whole log's first time.
     */
    static byte[] arguments(Configuration conf, AuditReplayOptions options, Path prefix, long originMillis) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            conf.write(out);
            out.writeInt(options.logs().size());
            for (String log : options.logs()) {
                out.writeUTF(log);
            }
            writeOptional(out, options.window().fromMillis());
            writeOptional(out, options.window().toMillis());
            out.writeDouble(options.rateFactor());
            out.writeInt(options.threads());
            out.writeBoolean(options.impersonate());
            out.writeInt(options.clients());
            out.writeUTF(options.split().label());
            out.writeUTF(prefix.toString());
            out.writeLong(originMillis);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot happen: writing to memory", e);
        }
        return bytes.toByteArray();
    }

    private static void writeOptional(DataOutputStream out, OptionalLong value) throws IOException {
        out.writeBoolean(value.isPresent());
        out.writeLong(value.orElse(0));
    }

    private static OptionalLong readOptional(DataInputStream in) throws IOException {
        boolean present = in.readBoolean();
        long value = in.readLong();
        return present ? OptionalLong.of(value) : OptionalLong.empty();
    }
}
