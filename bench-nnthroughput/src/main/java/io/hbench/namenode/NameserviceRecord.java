package io.hbench.namenode;

import static java.util.Objects.requireNonNull;

import io.hbench.result.BenchResult;
import io.hbench.result.Better;
import io.hbench.result.Metric;
import io.hbench.result.Unit;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * What a run on a logical nameservice records of it: its NameNodes' addresses, each one's HA state at the start and
 * at the end of the run, and the failover {@code -failoverAt} asked for, if any. The same for every NameNode program:
 * locations {@code nameservice} and {@code namenode.<id>}, outputs {@code namenode.<id>.state_at_start} and
 * {@code .state_at_end}, and its lines after the program's own.
 */
public final class NameserviceRecord {
    private final String nameservice;
    private final Map<String, String> addresses;
    private final NameNodeStates atStart;
    private final NameNodeStates atEnd;
    private final Optional<AskedFailover> asked;
    private final Optional<Duration> notReached;

    /** @param addresses each NameNode's {@code host:port} by its id, in the nameservice's order */
    public NameserviceRecord(String nameservice, Map<String, String> addresses, NameNodeStates atStart,
            NameNodeStates atEnd, Optional<AskedFailover> asked) {
        this(nameservice, addresses, atStart, atEnd, asked, Optional.empty());
    }

    private NameserviceRecord(String nameservice, Map<String, String> addresses, NameNodeStates atStart,
            NameNodeStates atEnd, Optional<AskedFailover> asked, Optional<Duration> notReached) {
        this.notReached = notReached;
        this.nameservice = requireNonNull(nameservice, "nameservice is null");
        this.addresses = Collections.unmodifiableMap(new LinkedHashMap<>(requireNonNull(addresses,
                "addresses is null")));
        this.atStart = requireNonNull(atStart, "atStart is null");
        this.atEnd = requireNonNull(atEnd, "atEnd is null");
        this.asked = requireNonNull(asked, "asked is null");
        if (!addresses.keySet().equals(atStart.byNameNode().keySet())
                || !addresses.keySet().equals(atEnd.byNameNode().keySet())) {
            throw new IllegalArgumentException("states of " + atStart.byNameNode().keySet() + " and "
                    + atEnd.byNameNode().keySet() + " are not of the NameNodes " + addresses.keySet());
        }
    }

    /** The failover {@code -failoverAt} asked for: when, from and to which NameNode, how, and how long it took. */
    public static final class AskedFailover {
        private final Duration failoverAt;
        private final Duration askedAt;
        private final Duration took;
        private final String from;
        private final String to;
        private final String method;
        private final Optional<String> failure;

        /**
         * @param failoverAt the time {@code -failoverAt} gave
         * @param askedAt when the admin call started, after the run's start
         * @param took how long the admin call took
         * @param method {@code haadmin} (FailoverController) or {@code zkfc} (the target's ZKFC)
         * @param failure why the admin call failed; empty when it succeeded
         */
        public AskedFailover(Duration failoverAt, Duration askedAt, Duration took, String from, String to,
                String method, Optional<String> failure) {
            this.failoverAt = requireNonNull(failoverAt, "failoverAt is null");
            this.askedAt = requireNonNull(askedAt, "askedAt is null");
            this.took = requireNonNull(took, "took is null");
            this.from = requireNonNull(from, "from is null");
            this.to = requireNonNull(to, "to is null");
            this.method = requireNonNull(method, "method is null");
            this.failure = requireNonNull(failure, "failure is null");
        }

        public Duration askedAt() {
            return askedAt;
        }

        public Duration took() {
            return took;
        }

        public String from() {
            return from;
        }

        public String to() {
            return to;
        }

        public String method() {
            return method;
        }

        public Optional<String> failure() {
            return failure;
        }

        private String described() {
            return "asked by " + FailoverFlag.given(failoverAt) + " at +" + seconds(askedAt, "%.1f") + " s through "
                    + (method.equals(HaFailover.ZKFC) ? "the ZKFC" : "hdfs haadmin's FailoverController") + ", took "
                    + seconds(took, "%.2f") + " s";
        }
    }

    /** This record of a run that ended before {@code -failoverAt}'s time, {@code failoverAt}: no failover was asked. */
    public NameserviceRecord withFailoverNotReached(Duration failoverAt) {
        if (asked.isPresent()) {
            throw new IllegalStateException("a failover was asked: " + asked.get().from + " to " + asked.get().to);
        }
        return new NameserviceRecord(nameservice, addresses, atStart, atEnd, asked,
                Optional.of(requireNonNull(failoverAt, "failoverAt is null")));
    }

    public String nameservice() {
        return nameservice;
    }

    public Map<String, String> addresses() {
        return addresses;
    }

    public NameNodeStates atStart() {
        return atStart;
    }

    public NameNodeStates atEnd() {
        return atEnd;
    }

    public Optional<AskedFailover> asked() {
        return asked;
    }

    /**
     * The failover the run went across, as {@code from to to}: the active NameNode at the end is another than at the
     * start, or {@code -failoverAt} made one. Empty when neither.
     */
    public Optional<String> failover() {
        Optional<AskedFailover> made = asked.filter(failover -> failover.failure.isEmpty());
        if (made.isPresent()) {
            return Optional.of(made.get().from + " to " + made.get().to);
        }
        Optional<String> first = atStart.active();
        Optional<String> last = atEnd.active();
        if (first.isPresent() && last.isPresent() && !first.equals(last)) {
            return Optional.of(first.get() + " to " + last.get());
        }
        return Optional.empty();
    }

    /** Adds the locations, outputs and, for an asked failover, its two times to a program's result. */
    public void addTo(BenchResult.Builder result) {
        result.location("nameservice", nameservice);
        addresses.forEach((id, address) -> result.location("namenode." + id, address));
        addresses.keySet().forEach(id -> result.output("namenode." + id + ".state_at_start", atStart.state(id))
                .output("namenode." + id + ".state_at_end", atEnd.state(id)));
        failover().ifPresent(failover -> result.output("failover", failover));
        asked.ifPresent(failover -> {
            result.output("failover.method", failover.method);
            failover.failure.ifPresent(failure -> result.output("failover.failure", failure));
            result.metric(Metric.of("failover_asked_at_seconds", failover.askedAt.toNanos() / 1e9, Unit.SECONDS,
                            Better.NEITHER))
                    .metric(Metric.of("failover_admin_seconds", failover.took.toNanos() / 1e9, Unit.SECONDS,
                            Better.LOWER));
        });
    }

    /**
     * The lines after a program's own: its NameNodes with their states at the start and end, then whether the run went
     * across a failover, e.g. {@code NameNodes of ns1: nn1 127.0.0.1:8020 active, then standby; nn2 127.0.0.1:8021
     * standby, then active} and {@code Ran across a failover of ns1: nn1 to nn2 (active at start nn1, at end nn2)}.
     */
    public List<String> lines() {
        List<String> lines = new ArrayList<>();
        lines.add("");
        lines.add("NameNodes of " + nameservice + ": " + addresses.entrySet().stream().map(entry -> entry.getKey()
                + " " + entry.getValue() + " " + states(entry.getKey())).collect(Collectors.joining("; ")));
        Optional<String> failover = failover();
        Optional<AskedFailover> failed = asked.filter(made -> made.failure.isPresent());
        if (failover.isPresent()) {
            lines.add("Ran across a failover of " + nameservice + ": " + failover.get() + " ("
                    + asked.filter(made -> made.failure.isEmpty()).map(AskedFailover::described)
                            .orElse("active at start " + atStart.active().orElseThrow() + ", at end "
                                    + atEnd.active().orElseThrow()) + ")");
        }
        notReached.ifPresent(at -> lines.add("No failover asked of " + nameservice + ": the run ended before "
                + FailoverFlag.given(at)));
        failed.ifPresent(made -> lines.add("The failover of " + nameservice + " from " + made.from + " to " + made.to
                + " failed (" + made.described() + "): " + made.failure.orElseThrow()));
        return lines;
    }

    private String states(String id) {
        String first = atStart.state(id);
        String last = atEnd.state(id);
        return first.equals(last) ? first + " throughout" : first + ", then " + last;
    }

    private static String seconds(Duration duration, String format) {
        return String.format(Locale.ROOT, format, duration.toNanos() / 1e9);
    }

    @Override
    public String toString() {
        return lines().get(1);
    }
}
