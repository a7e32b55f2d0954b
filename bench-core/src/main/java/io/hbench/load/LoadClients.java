package io.hbench.load;

import static java.util.Objects.requireNonNull;

import io.hbench.result.BenchResult;
import io.hbench.result.Better;
import io.hbench.result.Metric;
import io.hbench.result.Unit;
import io.hbench.result.format.DisplayUnit;
import io.hbench.stats.Histograms;
import java.text.DecimalFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.HdrHistogram.Histogram;

/**
 * The clients of a load offered from many processes at once (map tasks on many hosts, {@code -clients N}), each with
 * its own schedule's outcome: where each ran, the rate it achieved, how far behind its schedule it ended, and which of
 * them limited the run themselves.
 *
 * <p>A client limited the run itself when it fell more than {@link LoadOutcome#BEHIND_TOLERANCE} behind its schedule
 * while the target served it as it served the others: its service-time p50 at most {@link #FLAT_SERVICE_TIME} above
 * the p50 of the other clients' service times together ("flat"). Its host or pool could not issue its share on time;
 * a target that could not keep up would have slowed every client's calls. With one client there are no others to
 * compare with, and the merged figures' own verdict stands.
 */
public final class LoadClients {
    /** How far above the others' a client's service-time p50 may be and still count as flat: 10 %. */
    public static final double FLAT_SERVICE_TIME = 0.10;
    private static final DisplayUnit BEHIND = DisplayUnit.of("behind_schedule", Unit.SECONDS);
    private static final DisplayUnit SERVICE_TIME = DisplayUnit.of("service_time", Unit.SECONDS);

    /** One client: its name (w0, w1, ...), the host its map task ran on, and what its schedule did. */
    public static final class Client {
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

    private final List<Client> clients;

    public LoadClients(List<Client> clients) {
        this.clients = List.copyOf(requireNonNull(clients, "clients is null"));
        if (this.clients.isEmpty()) {
            throw new IllegalArgumentException("no client");
        }
    }

    public List<Client> clients() {
        return clients;
    }

    /** How many hosts the clients ran on. */
    public long hosts() {
        return clients.stream().map(Client::host).distinct().count();
    }

    /**
     * The clients that limited the run themselves: more than {@link LoadOutcome#BEHIND_TOLERANCE} behind their
     * schedules while their service-time p50 stayed within {@link #FLAT_SERVICE_TIME} of the others'.
     */
    public List<Client> limiting() {
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
     * One line per client, its host, what it did ({@code operations} names them: "operations", "commands"), its
     * achieved rate, lateness and service-time p50; then any client that limited the run, named, as the limit of
     * {@code run} ("this step").
     */
    public List<String> lines(String operations, String run) {
        DecimalFormat df = LoadReport.twoDecimals();
        List<String> lines = new ArrayList<>();
        for (Client client : clients) {
            LoadOutcome own = client.outcome;
            lines.add("Client " + client.name + " on " + client.host + ": " + own.totalOperations() + " " + operations
                    + ", ops/s " + df.format(own.achievedRate()) + ", behind schedule at end " + BEHIND.symbol() + " "
                    + BEHIND.format(own.behindNanos() / 1e9) + " (" + df.format(own.behindFraction() * 100)
                    + " %), service time p50 " + SERVICE_TIME.symbol() + " "
                    + SERVICE_TIME.format(own.serviceTime().getValueAtPercentile(50) / 1e9));
        }
        for (Client client : limiting()) {
            lines.add("client " + client.name + " fell " + df.format(client.outcome.behindFraction() * 100)
                    + " % behind its schedule: the load generator, not the NameNode, limited " + run);
        }
        return lines;
    }

    /**
     * Per client (labelled client=w0, ..., and as {@code labelled} labels them), its achieved {@code ops_per_second}
     * and its {@code behind_schedule} at its end.
     */
    public void addMetrics(BenchResult.Builder result, UnaryOperator<Metric> labelled) {
        for (Client client : clients) {
            result.metric(labelled.apply(Metric.of("ops_per_second", client.outcome.achievedRate(),
                    Unit.OPERATIONS_PER_SECOND, Better.HIGHER)).withLabel("client", client.name));
            result.metric(labelled.apply(Metric.of("behind_schedule", client.outcome.behindNanos() / 1e9,
                    Unit.SECONDS, Better.LOWER)).withLabel("client", client.name));
        }
    }
}
