package io.hbench.namenode;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The RPC calls one NameNode has served on its client port since it started, per method: the {@code <Method>NumOps}
 * attributes of its JMX bean {@code Hadoop:service=NameNode,name=RpcDetailedActivityForPort<port>}, which counts the
 * calls of every client. A method no client has called yet has no attribute, so it counts 0.
 */
public final class RpcCounters {
    private static final String NUM_OPS = "NumOps";

    private final Map<String, Long> calls;

    public RpcCounters(Map<String, Long> calls) {
        requireNonNull(calls, "calls is null");
        calls.forEach((method, count) -> {
            requireNonNull(method, "a method is null");
            if (requireNonNull(count, "count of " + method + " is null") < 0) {
                throw new IllegalArgumentException("negative count of " + method + ": " + count);
            }
        });
        this.calls = Collections.unmodifiableMap(new TreeMap<>(calls));
    }

    /** The bean's name for the NameNode's client RPC port. */
    public static String beanName(int rpcPort) {
        return "Hadoop:service=NameNode,name=RpcDetailedActivityForPort" + rpcPort;
    }

    /**
     * Reads the counters from the beans the NameNode's {@code /jmx?qry=}{@link #beanName} answered.
     *
     * @throws IOException when they hold no such bean (the port is not the NameNode's RPC port)
     */
    static RpcCounters of(List<JsonNode> beans, int rpcPort) throws IOException {
        String name = beanName(rpcPort);
        for (JsonNode bean : beans) {
            if (!name.equals(bean.path("name").asText())) {
                continue;
            }
            Map<String, Long> calls = new TreeMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> fields = bean.fields(); fields.hasNext();) {
                Map.Entry<String, JsonNode> field = fields.next();
                String key = field.getKey();
                if (key.endsWith(NUM_OPS) && key.length() > NUM_OPS.length() && field.getValue().canConvertToLong()) {
                    calls.put(Character.toLowerCase(key.charAt(0)) + key.substring(1, key.length() - NUM_OPS.length()),
                            field.getValue().asLong());
                }
            }
            return new RpcCounters(calls);
        }
        throw new IOException("no bean " + name);
    }

    /** Calls per method, named as in ClientProtocol ({@code getFileInfo}), in name order. */
    public Map<String, Long> byMethod() {
        return calls;
    }

    public long calls(String method) {
        return calls.getOrDefault(method, 0L);
    }

    public long total() {
        return calls.values().stream().mapToLong(Long::longValue).sum();
    }

    /**
     * The calls made since {@code before}, per method that rose. A counter that fell means the NameNode restarted in
     * between: its calls since then are all it still counts.
     */
    public RpcCounters since(RpcCounters before) {
        Map<String, Long> rose = new TreeMap<>();
        calls.forEach((method, count) -> {
            long earlier = before.calls(method);
            long difference = count >= earlier ? count - earlier : count;
            if (difference > 0) {
                rose.put(method, difference);
            }
        });
        return new RpcCounters(rose);
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof RpcCounters && calls.equals(((RpcCounters) obj).calls);
    }

    @Override
    public int hashCode() {
        return calls.hashCode();
    }

    @Override
    public String toString() {
        return calls.toString();
    }
}
