package io.hbench.nnthroughput;

import static java.util.Objects.requireNonNull;

import io.hbench.load.LoadOutcome;
import io.hbench.load.LoadReport;
import io.hbench.result.BenchResult;
import io.hbench.result.Better;
import io.hbench.result.Environment;
import io.hbench.result.Metric;
import io.hbench.result.ProgramResult;
import io.hbench.result.ResourceUsage;
import io.hbench.result.SubmittedJob;
import io.hbench.result.Unit;
import io.hbench.result.format.DisplayUnit;
import io.hbench.stats.Histograms;
import java.text.DecimalFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.HdrHistogram.Histogram;

/**
 * The outcome of a run from many clients ({@code -clients N}): the clients' figures merged into one
 * {@link NnResult}, as a one-process run at the same rate gives them (histograms added, never percentiles averaged),
 * and each client's own: where it ran, the rate it achieved and how far behind its schedule it ended.
 *
 * <p>A client limited the run itself when it fell more than {@link LoadOutcome#BEHIND_TOLERANCE} behind its schedule
 * while the NameNode served it as it served the others: its service-time p50 at most {@link #FLAT_SERVICE_TIME} above
 * the p50 of the other clients' service times together ("flat"). Its host or pool could not issue its share on time;
 * a NameNode that could not keep up would have slowed every client's calls. With one client there are no others to
 * compare with, and the merged figures' own verdict stands.
 */
final class ClientsResult implements ProgramResult {
    /** How far above the others' a client's service-time p50 may be and still count as flat: 10 %. */
    static final double FLAT_SERVICE_TIME = 0.10;
    private static final DisplayUnit BEHIND = DisplayUnit.of("behind_schedule", Unit.SECONDS);
    private static final DisplayUnit SERVICE_TIME = DisplayUnit.of("service_time", Unit.SECONDS);

    /** One client: its name (w0, w1, ...), the host its map task ran on, and what its schedule did. */
    static final class Client {
        private final String name;
        private final String host;
        private final LoadOutcome outcome;

        /** @param outcome the client's schedule, measured from its own start */
        public Client(String name, String host, LoadOutcome outcome) {
            this.name = requireNonNull(name, "name is null");
            this.host = requireNonNull(host, "host is null");
            this.outcome = requireNonNull(outcome, "outcome is null");
        }

        public String name() {
            return name;
        }

        public String host() {
            return host;
        }

        public LoadOutcome outcome() {
            return outcome;
        }
    }

    private final NnResult merged;
    private final List<Client> clients;
    private final Optional<SubmittedJob> job;

    /**
     * @param merged the clients' figures as one run's, whose one operation ran on the merged schedule
     * @param job the cluster job the clients ran as; empty when they ran as none (threads of this process)
     */
    public ClientsResult(NnResult merged, List<Client> clients, Optional<SubmittedJob> job) {
        this.merged = requireNonNull(merged, "merged is null");
        this.clients = List.copyOf(requireNonNull(clients, "clients is null"));
        this.job = requireNonNull(job, "job is null");
        if (this.clients.isEmpty()) {
            throw new IllegalArgumentException("no client");
        }
        if (merged.operations().size() != 1 || merged.operations().get(0).openLoop().isEmpty()) {
            throw new IllegalArgumentException("a run from clients has one operation on a schedule");
        }
    }

    /** The clients' figures as one run's. */
    public NnResult merged() {
        return merged;
    }

    public List<Client> clients() {
        return clients;
    }

    /**
     * The clients that limited the run themselves: more than {@link LoadOutcome#BEHIND_TOLERANCE} behind their
     * schedules while their service-time p50 stayed within {@link #FLAT_SERVICE_TIME} of the others'.
     */
    public List<Client> limitingClients() {
        List<Client> limiting = new ArrayList<>();
        if (clients.size() < 2) {
            return limiting;
        }
        for (Client client : clients) {
            if (client.outcome.keptSchedule()) {
                continue;
            }
            Histogram others = Histograms.newHistogram();
            clients.stream().filter(other -> other != client).forEach(other -> others.add(
                    other.outcome.serviceTime()));
            long own = client.outcome.serviceTime().getValueAtPercentile(50);
            if (others.getTotalCount() > 0 && own <= others.getValueAtPercentile(50) * (1 + FLAT_SERVICE_TIME)) {
                limiting.add(client);
            }
        }
        return limiting;
    }

    /**
     * The one-process run's JSON, plus the parameter {@code clients}, the job the clients ran as and, per client
     * (labelled client=w0, ...), its achieved {@code ops_per_second} and its {@code behind_schedule} at its end.
     */
    @Override
    public BenchResult toBenchResult(Environment environment) {
        BenchResult.Builder result = merged.benchResult(environment).parameter("clients", clients.size());
        job.ifPresent(result::job);
        String operation = merged.operations().get(0).operation().label();
        for (Client client : clients) {
            result.metric(Metric.of("ops_per_second", client.outcome.achievedRate(), Unit.OPERATIONS_PER_SECOND,
                    Better.HIGHER).withLabel("operation", operation).withLabel("client", client.name));
            result.metric(Metric.of("behind_schedule", client.outcome.behindNanos() / 1e9, Unit.SECONDS,
                    Better.LOWER).withLabel("operation", operation).withLabel("client", client.name));
        }
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
        long hosts = clients.stream().map(Client::host).distinct().count();
        List<String> lines = new ArrayList<>();
        lines.add("");
        lines.add("--- hbench " + op.operation().label() + " clients --- " + clients.size()
                + (clients.size() == 1 ? " map task on " : " map tasks on ") + hosts
                + (hosts == 1 ? " host" : " hosts") + ", each at " + df.format(load.targetRate() / clients.size())
                + " ops/s with -threads " + merged.options().threads() + "; histograms merged, rate from the common"
                + " start to the last completion");
        for (Client client : clients) {
            LoadOutcome own = client.outcome;
            lines.add("Client " + client.name + " on " + client.host + ": " + own.totalOperations()
                    + " operations, ops/s " + df.format(own.achievedRate()) + ", behind schedule at end "
                    + BEHIND.symbol() + " " + BEHIND.format(own.behindNanos() / 1e9) + " ("
                    + df.format(own.behindFraction() * 100) + " %), service time p50 " + SERVICE_TIME.symbol() + " "
                    + SERVICE_TIME.format(own.serviceTime().getValueAtPercentile(50) / 1e9));
        }
        for (Client client : limitingClients()) {
            lines.add("client " + client.name + " fell " + df.format(client.outcome.behindFraction() * 100)
                    + " % behind its schedule: the load generator, not the NameNode, limited this step");
        }
        return lines;
    }

    @Override
    public String toString() {
        return clients.stream().map(client -> client.name + "@" + client.host).collect(Collectors.joining(", ",
                "ClientsResult{", "}"));
    }
}
