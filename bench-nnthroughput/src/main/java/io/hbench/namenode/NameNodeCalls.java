package io.hbench.namenode;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import io.hbench.resources.JmxReader;
import io.hbench.result.Better;
import io.hbench.result.Metric;
import io.hbench.result.Unit;
import java.io.IOException;
import java.net.URI;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;

/**
 * Which NameNode of a nameservice served how many calls during a run, and in which role: each NameNode's RPC counters
 * ({@link RpcCounters}) read from its /jmx ({@link JmxReader}) before and after, their difference, and its HA state at
 * the start. The counters count every client's calls, not only the run's. A NameNode whose counters cannot be read is
 * not counted, with the reason, never taken as 0.
 */
public final class NameNodeCalls {
    /**
     * The NameNodes' metrics period ({@code *.period} of their hadoop-metrics2 configuration, 10 s by default): their
     * JMX servlet reads the metrics again at most once a period and answers with what it read last, so the reading
     * after the run waits one period.
     */
    public static final String METRICS_PERIOD_KEY = "hbench.namenode.metricsPeriod";
    private static final long DEFAULT_METRICS_PERIOD_MILLIS = 10_000;
    /** One NameNode's part: its calls during the run per method, or why they were not counted. */
    public static final class Served {
        private final String nameNode;
        private final String role;
        private final RpcCounters calls;
        private final String notCounted;

        private Served(String nameNode, String role, RpcCounters calls, String notCounted) {
            this.nameNode = requireNonNull(nameNode, "nameNode is null");
            this.role = requireNonNull(role, "role is null");
            if ((calls == null) == (notCounted == null)) {
                throw new IllegalArgumentException("a NameNode has its calls or why they were not counted");
            }
            this.calls = calls;
            this.notCounted = notCounted;
        }

        public static Served counted(String nameNode, String role, RpcCounters calls) {
            return new Served(nameNode, role, requireNonNull(calls, "calls is null"), null);
        }

        public static Served notCounted(String nameNode, String role, String why) {
            return new Served(nameNode, role, null, requireNonNull(why, "why is null"));
        }

        /** The NameNode's id in the nameservice. */
        public String nameNode() {
            return nameNode;
        }

        /** Its HA state when the run started ({@link NameNodeStates}). */
        public String role() {
            return role;
        }

        /** Its calls during the run; empty when they could not be counted ({@link #notCounted()} says why). */
        public Optional<RpcCounters> calls() {
            return Optional.ofNullable(calls);
        }

        public Optional<String> notCounted() {
            return Optional.ofNullable(notCounted);
        }
    }

    /** The counters read when a run started; {@link #stop} reads them again. */
    public static final class Counting {
        private final Nameservice nameservice;
        private final Configuration conf;
        private final JmxReader reader;
        private final NameNodeStates roles;
        private final Map<String, RpcCounters> before = new LinkedHashMap<>();
        private final Map<String, String> unread = new LinkedHashMap<>();

        private Counting(Nameservice nameservice, Configuration conf) throws InterruptedException {
            this.nameservice = nameservice;
            this.conf = conf;
            this.reader = JmxReader.of(conf);
            this.roles = nameservice.states(conf);
            for (String id : nameservice.nameNodes().keySet()) {
                try {
                    RpcCounters counters = read(id);
                    // The states were just asked of every NameNode on this port: a bean without a single counter is
                    // JMX's first answer, made before it ever read the metrics; its next answer, a period on, has them.
                    if (counters.byMethod().isEmpty()) {
                        Thread.sleep(metricsPeriodMillis(conf));
                        counters = read(id);
                    }
                    before.put(id, counters);
                } catch (IOException e) {
                    unread.put(id, e.getMessage());
                }
            }
        }

        /**
         * Reads the counters again, one metrics period ({@link #METRICS_PERIOD_KEY}) after the run ended: each
         * NameNode's calls since {@link #start}; at once when none could be read at the start (Routers, say, which
         * have no NameNode bean).
         */
        public NameNodeCalls stop() throws InterruptedException {
            try {
                return counted();
            } finally {
                reader.close();
            }
        }

        private NameNodeCalls counted() throws InterruptedException {
            if (!before.isEmpty()) {
                Thread.sleep(metricsPeriodMillis(conf));
            }
            List<Served> served = new ArrayList<>();
            for (String id : nameservice.nameNodes().keySet()) {
                String role = roles.state(id);
                if (unread.containsKey(id)) {
                    served.add(Served.notCounted(id, role, unread.get(id)));
                    continue;
                }
                try {
                    served.add(Served.counted(id, role, read(id).since(before.get(id))));
                } catch (IOException e) {
                    served.add(Served.notCounted(id, role, e.getMessage()));
                }
            }
            return new NameNodeCalls(served);
        }

        private RpcCounters read(String id) throws IOException, InterruptedException {
            int rpcPort = nameservice.nameNodes().get(id).getPort();
            URI endpoint = JmxReader.nameNodeEndpoint(nameservice.name(), id, conf);
            List<JsonNode> beans = reader.beans(endpoint, RpcCounters.beanName(rpcPort));
            try {
                return RpcCounters.of(beans, rpcPort);
            } catch (IOException e) {
                throw new IOException(endpoint + "/jmx: " + e.getMessage(), e);
            }
        }
    }

    private static long metricsPeriodMillis(Configuration conf) {
        return conf.getTimeDuration(METRICS_PERIOD_KEY, DEFAULT_METRICS_PERIOD_MILLIS, TimeUnit.MILLISECONDS);
    }

    private final List<Served> nameNodes;

    public NameNodeCalls(List<Served> nameNodes) {
        this.nameNodes = List.copyOf(requireNonNull(nameNodes, "nameNodes is null"));
        if (this.nameNodes.isEmpty()) {
            throw new IllegalArgumentException("no NameNodes");
        }
    }

    /**
     * Starts counting when {@code fs} is a logical HDFS nameservice ({@code hdfs://ns1}); empty for any other file
     * system, or one NameNode, which say nothing of roles.
     */
    public static Optional<Counting> start(URI fs, Configuration conf) throws InterruptedException {
        requireNonNull(fs, "fs is null");
        requireNonNull(conf, "conf is null");
        if (!Nameservice.isLogical(fs, conf)) {
            return Optional.empty();
        }
        return Optional.of(new Counting(Nameservice.of(fs, conf), conf));
    }

    /** The NameNodes in the nameservice's order. */
    public List<Served> nameNodes() {
        return nameNodes;
    }

    /**
     * The role that served the calls of {@code methods} (e.g. getFileInfo): that of the NameNodes whose counters rose
     * most for them; empty when none rose.
     */
    public Optional<String> roleServing(Collection<String> methods) {
        Map<String, Long> byRole = new LinkedHashMap<>();
        for (Served served : nameNodes) {
            served.calls().ifPresent(calls -> byRole.merge(served.role(),
                    methods.stream().mapToLong(calls::calls).sum(), Long::sum));
        }
        return byRole.entrySet().stream().filter(entry -> entry.getValue() > 0).max(Map.Entry.comparingByValue())
                .map(Map.Entry::getKey);
    }

    /**
     * {@code NameNode calls during the run (RPC counters, every client): nn1 active 1,204; nn2 standby 0; nn3
     * observer not counted (why)}.
     */
    public String line() {
        DecimalFormat grouped = new DecimalFormat("#,##0", DecimalFormatSymbols.getInstance(Locale.ROOT));
        return "NameNode calls during the run (RPC counters, every client): " + nameNodes.stream()
                .map(served -> served.nameNode() + " " + served.role() + " " + served.calls()
                        .map(calls -> grouped.format(calls.total()))
                        .orElseGet(() -> "not counted (" + served.notCounted().orElseThrow() + ")"))
                .collect(Collectors.joining("; "));
    }

    /**
     * {@code namenode_calls{namenode=nn3,role=observer}}, and per method {@code namenode_calls{...,method=getFileInfo}},
     * for each NameNode counted.
     */
    public List<Metric> metrics() {
        List<Metric> metrics = new ArrayList<>();
        for (Served served : nameNodes) {
            served.calls().ifPresent(calls -> {
                metrics.add(call(calls.total(), served));
                calls.byMethod().forEach((method, count) -> metrics.add(call(count, served).withLabel("method",
                        method)));
            });
        }
        return metrics;
    }

    private static Metric call(long count, Served served) {
        return Metric.of("namenode_calls", count, Unit.COUNT, Better.NEITHER).withLabel("namenode", served.nameNode())
                .withLabel("role", served.role());
    }
}
