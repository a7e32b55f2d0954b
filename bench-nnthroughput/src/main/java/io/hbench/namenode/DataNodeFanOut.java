package io.hbench.namenode;

import static java.util.Objects.requireNonNull;

import java.io.Closeable;
import java.io.IOException;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.hdfs.server.protocol.DatanodeProtocol;

/**
 * The DataNode protocol of a whole nameservice, as a real DataNode speaks it: it registers, heartbeats, tells of the
 * blocks it received and of its errors to every NameNode (each keeps its own view of the DataNodes, so a standby that
 * becomes active knows them), and sends its block reports, and asks anything else, of the active one alone.
 */
public final class DataNodeFanOut implements InvocationHandler {
    /** The calls every NameNode of the nameservice receives. */
    private static final Set<String> TO_EVERY_NAMENODE = Set.of("registerDatanode", "sendHeartbeat",
            "blockReceivedAndDeleted", "errorReport");

    private final DatanodeProtocol active;
    private final List<DatanodeProtocol> others;
    private final List<Closeable> connections;

    private DataNodeFanOut(DatanodeProtocol active, List<DatanodeProtocol> others, List<Closeable> connections) {
        this.active = active;
        this.others = others;
        this.connections = connections;
    }

    /**
     * One protocol for the NameNodes {@code byId}, of which {@code active} is the active one; closing it closes each
     * NameNode's.
     *
     * @param byId each NameNode's DataNode protocol, each also {@link Closeable}
     */
    public static <P extends DatanodeProtocol & Closeable> Closeable of(Map<String, P> byId, String active) {
        requireNonNull(byId, "byId is null");
        if (!byId.containsKey(active)) {
            throw new IllegalArgumentException("the active NameNode " + active + " is not one of " + byId.keySet());
        }
        Map<String, P> ordered = new LinkedHashMap<>(byId);
        List<DatanodeProtocol> others = new ArrayList<>();
        ordered.forEach((id, protocol) -> {
            if (!id.equals(active)) {
                others.add(protocol);
            }
        });
        return (Closeable) Proxy.newProxyInstance(DataNodeFanOut.class.getClassLoader(),
                new Class<?>[] {DatanodeProtocol.class, Closeable.class},
                new DataNodeFanOut(byId.get(active), others, new ArrayList<>(ordered.values())));
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        if (method.getDeclaringClass() == Object.class) {
            return method.invoke(this, args);
        }
        if (method.getName().equals("close")) {
            IOException failure = null;
            for (Closeable connection : connections) {
                try {
                    connection.close();
                } catch (IOException e) {
                    failure = failure == null ? e : failure;
                }
            }
            if (failure != null) {
                throw failure;
            }
            return null;
        }
        try {
            Object answer = method.invoke(active, args);
            if (TO_EVERY_NAMENODE.contains(method.getName())) {
                for (DatanodeProtocol other : others) {
                    method.invoke(other, args);
                }
            }
            return answer;
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
