package io.hbench.result;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.regex.Pattern;

import static io.hbench.result.Checks.checkArgument;
import static io.hbench.result.Checks.checkNotBlank;
import static java.util.Objects.requireNonNull;

/**
 * What a figure is: a stable identifier such as {@code ops_per_second}, which never carries a dimension, plus labels
 * for its dimensions such as {@code operation=create}. Two figures of one run never share a key; figures of two runs
 * with equal keys measure the same thing. Written as {@code ops_per_second{operation=create}}.
 */
public final class MetricKey
        implements Comparable<MetricKey> {
    /** Identifiers and label names: lower case, digits and underscores, starting with a letter. */
    public static final Pattern IDENTIFIER = Pattern.compile("[a-z][a-z0-9_]*");

    private final String id;
    private final SortedMap<String, String> labels;

    public MetricKey(String id, Map<String, String> labels) {
        this.id = checkIdentifier(id, "id");
        requireNonNull(labels, "labels is null");
        SortedMap<String, String> copy = new TreeMap<>();
        labels.forEach((name, value) -> {
            checkIdentifier(name, "label name");
            copy.put(name, checkNotBlank(value, "value of label " + name));
        });
        this.labels = Collections.unmodifiableSortedMap(copy);
    }

    public static MetricKey of(String id) {
        return new MetricKey(id, Map.of());
    }

    private static String checkIdentifier(String value, String field) {
        requireNonNull(value, field + " is null");
        checkArgument(IDENTIFIER.matcher(value).matches(),
                "%s '%s' is not an identifier (lower case letters, digits and '_', starting with a letter)", field, value);
        return value;
    }

    public String id() {
        return id;
    }

    /** Label name to value, by name. */
    public SortedMap<String, String> labels() {
        return labels;
    }

    /** This key with one more label; the name must be new. */
    public MetricKey withLabel(String name, String value) {
        checkArgument(!labels.containsKey(name), "duplicate label %s on %s", name, this);
        SortedMap<String, String> more = new TreeMap<>(labels);
        more.put(name, value);
        return new MetricKey(id, more);
    }

    @Override
    public int compareTo(MetricKey that) {
        int byId = id.compareTo(that.id);
        return byId != 0 ? byId : toString().compareTo(that.toString());
    }

    @Override
    public boolean equals(Object obj) {
        if (this == obj) {
            return true;
        }
        if (!(obj instanceof MetricKey)) {
            return false;
        }
        MetricKey that = (MetricKey) obj;
        return id.equals(that.id) && labels.equals(that.labels);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, labels);
    }

    /** {@code id} alone, or {@code id{name=value,name=value}} with labels by name. */
    @Override
    public String toString() {
        if (labels.isEmpty()) {
            return id;
        }
        StringBuilder text = new StringBuilder(id).append('{');
        labels.forEach((name, value) -> text.append(text.charAt(text.length() - 1) == '{' ? "" : ",")
                .append(name).append('=').append(value));
        return text.append('}').toString();
    }
}
