package io.hbench.nnthroughput;

import static java.util.Objects.requireNonNull;

import io.hbench.bsp.BspJobResult;
import io.hbench.bsp.BspJobSpec;
import io.hbench.bsp.BspRunner;
import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.load.LoadClients;
import io.hbench.load.LoadOutcome;
import io.hbench.load.LoadOutcomes;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;

/**
 * NNThroughputBenchmark from many clients ({@code -clients N}): the run's load offered by N map tasks at once, as the
 * peers of one BSP job, so all of them run together and meet at a barrier (where YARN has fewer hosts with room than
 * clients, the runner says on the progress stream that some share a host). Each client takes its
 * {@link ClientShare}: R/N of the rate from the common start, in a base directory of its own under the run's.
 *
 * <p>Lifecycle of {@link #run}: claims the run's base directory (as a one-process run does) before the job starts;
 * runs the job; merges the clients' figures; and, unless {@code -keepResults}, removes the clients' directories.
 */
final class Clients {
    /**
     * How long a client may keep the others waiting at the barrier, or YARN keep one waiting for its container: every
     * client makes its inputs (the files open reads) before the barrier, and one may finish minutes after another.
     */
    static final Duration PATIENCE = Duration.ofMinutes(10);
    private static final Pattern KEY_VALUE = Pattern.compile("(\\S+) = (.*)");

    private final Configuration conf;
    private final BspRunner runner;

    Clients(Configuration conf, BspRunner runner) {
        this.conf = requireNonNull(conf, "conf is null");
        this.runner = requireNonNull(runner, "runner is null");
    }

    /**
     * @param options the run's options, with a -rate and one operation
     * @param workload the flags that gave {@code options} ({@link ClientProgram#workloadFlags})
     */
    ClientsResult run(NnOptions options, List<String> workload, int clients) throws IOException, InterruptedException {
        Instant start = Instant.now();
        NnOptions resolved = options.resolve(conf);
        String nameNode;
        try (RemoteNameNode target = RemoteNameNode.connect(conf)) {
            NnThroughput.claimBaseDir(target.client(), resolved);
            nameNode = target.description();
        }
        BspJobSpec spec = BspJobSpec.builder(NnThroughputTool.NAME + " " + options.operation().label() + " from "
                + clients + " clients", ClientProgram.class)
                .arguments(ClientProgram.arguments(conf, workload))
                .peers(clients)
                .failureTimeout(PATIENCE)
                .build();
        BspJobResult job = runner.run(spec);
        List<ClientStep> steps = new ArrayList<>();
        List<LoadClients.Client> figures = new ArrayList<>();
        for (BspJobResult.PeerReport report : job.reports()) {
            ClientStep step;
            try {
                step = ClientStep.decode(report.report());
            } catch (IllegalArgumentException e) {
                throw new BenchException(ErrorCode.INTERNAL_ERROR, "client " + ClientShare.name(report.peer())
                        + " on " + report.host() + " sent no figures hbench can read: " + e.getMessage(), e);
            }
            steps.add(step);
            figures.add(new LoadClients.Client(ClientShare.name(report.peer()), report.host(), step.outcome()));
        }
        if (!resolved.keepResults()) {
            try (RemoteNameNode target = RemoteNameNode.connect(conf)) {
                for (int client = 0; client < clients; client++) {
                    target.client().delete(ClientShare.baseDirName(resolved, client), true);
                }
            }
        }
        NnResult merged = new NnResult(resolved, nameNode, start, Instant.now(), List.of(merge(resolved, steps)));
        return new ClientsResult(merged, figures, job.job());
    }

    /**
     * The clients' steps as one run's operation: counts and times summed, histograms added, measured from the common
     * start to the last completion; the input lines of client w0 with the run's counts; and the clients' timelines
     * merged, when they recorded them (on an HA nameservice, where a one-process run shows its own).
     */
    static OpResult merge(NnOptions run, List<ClientStep> steps) {
        List<LoadOutcome> fromCommonStart = new ArrayList<>();
        long warmup = 0;
        boolean stoppedByDuration = false;
        for (int client = 0; client < steps.size(); client++) {
            ClientStep step = steps.get(client);
            long offset = new ClientShare(run, client, steps.size()).startOffsetNanos();
            fromCommonStart.add(LoadOutcomes.measuredFromEarlierStart(step.outcome(), offset));
            warmup += step.warmupOperations();
            stoppedByDuration |= step.stoppedByDuration();
        }
        LoadOutcome load = LoadOutcomes.merge(fromCommonStart);
        ClientStep first = steps.get(0);
        List<OpResult.Kind> kinds = new ArrayList<>();
        for (int k = 0; k < load.kinds(); k++) {
            kinds.add(NnThroughput.kind(first.kinds().get(k), load.operations(k), load.timedNanos(k), load.latency(k),
                    run));
        }
        List<String> notes = new ArrayList<>(first.notes());
        notes.add("the load came from " + steps.size() + " map tasks (-clients " + steps.size() + "), each at 1/"
                + steps.size() + " of -rate from one start they agreed at a barrier, each in its own directory <"
                + "baseDirName>/w<i>; their histograms are merged");
        OpResult op = new OpResult(first.operation(), inputLines(run, first), List.of(), load.totalOperations(),
                load.measuredNanos(), load.totalTimedNanos(), kinds, null, warmup, stoppedByDuration, notes, load);
        return load.timeline().map(op::withTimeline).orElse(op);
    }

    /**
     * Hadoop's input lines for the whole run, from client w0's: the run's counts of files and directories rather than
     * its share, and its directory with w* for the client.
     */
    static List<String> inputLines(NnOptions run, ClientStep first) {
        List<String> lines = new ArrayList<>();
        for (String line : first.inputLines()) {
            Matcher pair = KEY_VALUE.matcher(line);
            String key = pair.matches() ? pair.group(1) : "";
            switch (key) {
                case "nrFiles":
                    lines.add(key + " = " + run.files());
                    break;
                case "nrDirs":
                    lines.add(key + " = " + run.dirs());
                    break;
                case "baseDir":
                    lines.add(key + " = " + pair.group(2).replace("/" + ClientShare.name(0) + "/", "/w*/"));
                    break;
                default:
                    lines.add(line);
                    break;
            }
        }
        return lines;
    }
}
