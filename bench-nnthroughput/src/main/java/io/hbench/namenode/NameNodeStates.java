package io.hbench.namenode;

import static java.util.Objects.requireNonNull;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apache.hadoop.ha.HAServiceProtocol.HAServiceState;

/**
 * The HA state of each NameNode of a nameservice at one moment, by NameNode id: {@code active}, {@code standby},
 * {@code observer}, {@code initializing}, {@code stopping}, or {@code unreachable} when it did not answer.
 */
public final class NameNodeStates {
    public static final String ACTIVE = "active";
    public static final String STANDBY = "standby";
    public static final String OBSERVER = "observer";
    public static final String UNREACHABLE = "unreachable";

    private final Map<String, String> states;

    public NameNodeStates(Map<String, String> states) {
        requireNonNull(states, "states is null");
        if (states.isEmpty()) {
            throw new IllegalArgumentException("states is empty");
        }
        states.forEach((id, state) -> {
            requireNonNull(id, "a NameNode id is null");
            requireNonNull(state, "state of " + id + " is null");
        });
        this.states = Collections.unmodifiableMap(new LinkedHashMap<>(states));
    }

    static String name(HAServiceState state) {
        return state.name().toLowerCase(Locale.ROOT);
    }

    /** Each NameNode's state by its id, in the nameservice's order. */
    public Map<String, String> byNameNode() {
        return states;
    }

    public String state(String nameNode) {
        String state = states.get(nameNode);
        if (state == null) {
            throw new IllegalArgumentException("no NameNode " + nameNode + " in " + states.keySet());
        }
        return state;
    }

    /** The active NameNode's id; empty when none answered as active (during a failover, or all unreachable). */
    public Optional<String> active() {
        return withState(ACTIVE).stream().findFirst();
    }

    /** The ids of the NameNodes in {@code state}, in order. */
    public List<String> withState(String state) {
        return states.entrySet().stream().filter(entry -> entry.getValue().equals(state)).map(Map.Entry::getKey)
                .collect(Collectors.toUnmodifiableList());
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof NameNodeStates && states.equals(((NameNodeStates) obj).states);
    }

    @Override
    public int hashCode() {
        return states.hashCode();
    }

    @Override
    public String toString() {
        return states.entrySet().stream().map(entry -> entry.getKey() + " " + entry.getValue())
                .collect(Collectors.joining(", "));
    }
}
