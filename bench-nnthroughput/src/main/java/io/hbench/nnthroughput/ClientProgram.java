package io.hbench.nnthroughput;

import io.hbench.bsp.BspPeer;
import io.hbench.bsp.BspProgram;
import io.hbench.cli.FlagParser;
import io.hbench.load.OpenLoop;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;

/**
 * One client of a run from many clients ({@code -clients N}), as a BSP peer in a map task: it reads the run's
 * workload flags, takes its {@link ClientShare}, makes its inputs and warms up as a one-process run does, then waits at
 * a barrier for every other client to be ready; the instant it leaves the barrier is the clients' common start. It
 * returns its {@link ClientStep}.
 */
public final class ClientProgram implements BspProgram {
    @Override
    public byte[] run(BspPeer peer, byte[] arguments) throws Exception {
        Configuration conf = new Configuration(false);
        List<String> workload = new ArrayList<>();
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(arguments))) {
            conf.readFields(in);
            int flags = in.readInt();
            for (int i = 0; i < flags; i++) {
                workload.add(in.readUTF());
            }
        }
        ClientShare share = new ClientShare(workloadOptions(workload), peer.index(), peer.count());
        // The barrier's end reaches every client within a network round trip: the common start, on each one's clock,
        // which its timeline counts from; its schedule starts its offset later.
        OpenLoop.Start commonStart = OpenLoop.Start.offset(clock -> {
            peer.sync();
            return clock.nanoTime();
        }, share.startOffsetNanos());
        NnThroughput benchmark = new NnThroughput(conf, StandaloneNameNode.defaultDirectory(),
                new PrintStream(OutputStream.nullOutputStream()), commonStart);
        return ClientStep.of(benchmark.run(share.options())).encode();
    }

    /** The run's options, as the workload flags give them. */
    static NnOptions workloadOptions(List<String> workload) {
        Options options = new Options();
        NnCommandLine.addOptions(options);
        return NnCommandLine.options(FlagParser.parse(options, workload.toArray(new String[0])));
    }

    /** The workload flags of {@code line}: -op and the flags of its options, with the run's seed given. */
    static List<String> workloadFlags(CommandLine line, NnOptions run) {
        Options workload = new Options();
        NnCommandLine.addOptions(workload);
        List<String> flags = new ArrayList<>();
        for (org.apache.commons.cli.Option option : line.getOptions()) {
            if (workload.hasOption(option.getOpt())) {
                flags.add("-" + option.getOpt());
                if (option.hasArg()) {
                    flags.add(option.getValue());
                }
            }
        }
        if (!line.hasOption("seed")) {
            // Drawn for this run: every client derives its own from this one.
            flags.add("-seed");
            flags.add(Long.toString(run.seed()));
        }
        return flags;
    }

    /** The bytes every client receives: the cluster's configuration and the workload flags. */
    static byte[] arguments(Configuration conf, List<String> workload) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            conf.write(out);
            out.writeInt(workload.size());
            for (String flag : workload) {
                out.writeUTF(flag);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot happen: writing to memory", e);
        }
        return bytes.toByteArray();
    }
}
