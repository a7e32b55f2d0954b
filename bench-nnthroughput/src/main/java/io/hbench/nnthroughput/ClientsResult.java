package io.hbench.nnthroughput;

import static java.util.Objects.requireNonNull;

import io.hbench.load.LoadClients;
import io.hbench.load.LoadOutcome;
import io.hbench.load.LoadReport;
import io.hbench.namenode.NameserviceRecord;
import io.hbench.result.BenchResult;
import io.hbench.result.Environment;
import io.hbench.result.ProgramResult;
import io.hbench.result.ResourceUsage;
import io.hbench.result.SubmittedJob;
import java.text.DecimalFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The outcome of a run from many clients ({@code -clients N}): the clients' figures merged into one
 * {@link NnResult}, as a one-process run at the same rate gives them (histograms added, never percentiles averaged),
 * and each client's own: where it ran, the rate it achieved and how far behind its schedule it ended.
 *
 * Which clients limited the run is {@link LoadClients}' judgement.
 */
final class ClientsResult implements ProgramResult {
    private final NnResult merged;
    private final LoadClients clients;
    private final Optional<SubmittedJob> job;

    /**
     * @param merged the clients' figures as one run's, whose one operation ran on the merged schedule
     * @param job the cluster job the clients ran as; empty when they ran as none (threads of this process)
     */
    public ClientsResult(NnResult merged, List<LoadClients.Client> clients, Optional<SubmittedJob> job) {
        this.merged = requireNonNull(merged, "merged is null");
        this.clients = new LoadClients(clients);
        this.job = requireNonNull(job, "job is null");
        if (merged.operations().size() != 1 || merged.operations().get(0).openLoop().isEmpty()) {
            throw new IllegalArgumentException("a run from clients has one operation on a schedule");
        }
    }

    /** This result, run on the logical nameservice {@code record} tells of. */
    ClientsResult withNameservice(NameserviceRecord record) {
        return new ClientsResult(merged.withNameservice(record), clients.clients(), job);
    }

    /** The clients' figures as one run's. */
    public NnResult merged() {
        return merged;
    }

    public List<LoadClients.Client> clients() {
        return clients.clients();
    }

    /** The clients that limited the run themselves ({@link LoadClients#limiting}). */
    public List<LoadClients.Client> limitingClients() {
        return clients.limiting();
    }

    /**
     * The one-process run's JSON, plus the parameter {@code clients}, the job the clients ran as and, per client
     * (labelled client=w0, ...), its achieved {@code ops_per_second} and its {@code behind_schedule} at its end.
     */
    @Override
    public BenchResult toBenchResult(Environment environment) {
        BenchResult.Builder result = merged.benchResult(environment).parameter("clients", clients.clients().size());
        job.ifPresent(result::job);
        String operation = merged.operations().get(0).operation().label();
        clients.addMetrics(result, metric -> metric.withLabel("operation", operation));
        return result.build();
    }

    @Override
    public Optional<ResourceUsage> resources() {
        return merged.resources();
    }

    /**
     * hbench's block on the clients, after the merged run's lines: how many ran on how many hosts, each one's host,
     * achieved rate, lateness and service-time p50, then any client that limited the run, named.
     */
    public List<String> lines() {
        DecimalFormat df = LoadReport.twoDecimals();
        OpResult op = merged.operations().get(0);
        LoadOutcome load = op.openLoop().orElseThrow();
        long hosts = clients.hosts();
        List<String> lines = new ArrayList<>();
        lines.add("");
        lines.add("--- hbench " + op.operation().label() + " clients --- " + clients.clients().size()
                + (clients.clients().size() == 1 ? " map task on " : " map tasks on ") + hosts
                + (hosts == 1 ? " host" : " hosts") + ", each at " + df.format(load.targetRate() / clients.clients().size())
                + " ops/s with -threads " + merged.options().threads() + "; histograms merged, rate from the common"
                + " start to the last completion");
        lines.addAll(clients.lines("operations", "this step"));
        return lines;
    }

    @Override
    public String toString() {
        return clients.clients().stream().map(client -> client.name() + "@" + client.host()).collect(Collectors.joining(", ",
                "ClientsResult{", "}"));
    }
}
