package io.hbench.mapred;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Why YARN keeps an application in ACCEPTED, read from the ResourceManager's diagnostics for it, and what to change.
 * The CapacityScheduler writes {@code Application is added to the scheduler and is not yet activated. Queue's AM
 * resource limit exceeded.  Details : AM Partition = <DEFAULT_PARTITION>; AM Resource Request = <memory:1536,
 * vCores:1>; Queue Resource Limit for AM = <memory:1024, vCores:1>; ...} (or {@code User's AM resource limit
 * exceeded.}) while the queue's share for ApplicationMasters is taken, and {@code Application is Activated, waiting
 * for resources to be assigned for AM.} while no node has room for it, then {@code AM container is launched, waiting
 * for AM container to Register with RM} while it starts; the FairScheduler writes {@code (Resource
 * request: <memory:1536, vCores:1> exceeds maximum AM resource allowed).}
 */
public final class AcceptedDiagnosis {
    /** What holds the application. */
    public enum Cause {
        /** The queue's share for ApplicationMasters is taken (CapacityScheduler). */
        QUEUE_AM_LIMIT,
        /** The user's part of the queue's share for ApplicationMasters is taken (CapacityScheduler). */
        USER_AM_LIMIT,
        /** The queue's maxAMShare is taken (FairScheduler). */
        FAIR_AM_SHARE,
        /** Its ApplicationMaster may start, but no node has room for it now. */
        NO_ROOM_FOR_AM,
        /** Its ApplicationMaster has a container and has not registered yet: nothing holds it but a slow start. */
        AM_STARTING,
        /** No NodeManager runs. */
        NO_NODES,
        /** The diagnostics say nothing this class knows. */
        UNKNOWN
    }

    private static final Pattern DETAIL = Pattern.compile("(AM Resource Request|Queue Resource Limit for AM"
            + "|User AM Resource Limit of the queue|Queue AM Resource Usage) = <memory:(\\d+)");
    private static final Pattern FAIR_REQUEST = Pattern.compile("Resource request: <memory:(\\d+)");

    private final Cause cause;
    private final String why;
    private final Optional<String> remedy;
    /** The queue's share for ApplicationMasters, in MB: what the application asks, the limit, what is in use. */
    private final OptionalLong requestMb;
    private final OptionalLong limitMb;
    private final OptionalLong usageMb;

    private AcceptedDiagnosis(Cause cause, String why, Optional<String> remedy) {
        this(cause, why, remedy, Optional.empty(), Optional.empty(), Optional.empty());
    }

    private AcceptedDiagnosis(Cause cause, String why, Optional<String> remedy, Optional<String> requestMb,
            Optional<String> limitMb, Optional<String> usageMb) {
        this.cause = cause;
        this.why = why;
        this.remedy = remedy;
        this.requestMb = megabytes(requestMb);
        this.limitMb = megabytes(limitMb);
        this.usageMb = megabytes(usageMb);
    }

    /** @param diagnostics the application report's diagnostics, as the ResourceManager wrote them; may be empty */
    public static AcceptedDiagnosis of(String diagnostics) {
        requireNonNull(diagnostics, "diagnostics is null");
        Optional<String> request = detail(diagnostics, "AM Resource Request");
        if (diagnostics.contains("Queue's AM resource limit exceeded")) {
            Optional<String> limit = detail(diagnostics, "Queue Resource Limit for AM");
            Optional<String> usage = detail(diagnostics, "Queue AM Resource Usage");
            return new AcceptedDiagnosis(Cause.QUEUE_AM_LIMIT, "the queue's share for ApplicationMasters is taken"
                    + figures(request, limit, usage),
                    Optional.of("raise yarn.scheduler.capacity.maximum-am-resource-percent (0.1 by default) or lower"
                            + " yarn.app.mapreduce.am.resource.mb"), request, limit, usage);
        }
        if (diagnostics.contains("User's AM resource limit exceeded")) {
            return new AcceptedDiagnosis(Cause.USER_AM_LIMIT, "the user's part of the queue's share for"
                    + " ApplicationMasters is taken" + figures(request,
                            detail(diagnostics, "User AM Resource Limit of the queue"), Optional.empty()),
                    Optional.of("raise yarn.scheduler.capacity.maximum-am-resource-percent (0.1 by default) or the"
                            + " queue's user-limit-factor, or lower yarn.app.mapreduce.am.resource.mb"));
        }
        if (diagnostics.contains("exceeds maximum AM resource allowed")) {
            Matcher fair = FAIR_REQUEST.matcher(diagnostics);
            return new AcceptedDiagnosis(Cause.FAIR_AM_SHARE, "the queue's share for ApplicationMasters is taken"
                    + figures(fair.find() ? Optional.of(fair.group(1)) : Optional.empty(), Optional.empty(),
                            Optional.empty()),
                    Optional.of("raise the queue's maxAMShare in the FairScheduler's allocation file (0.5 by default)"
                            + " or lower yarn.app.mapreduce.am.resource.mb"));
        }
        if (diagnostics.contains("cluster resource is empty")) {
            return new AcceptedDiagnosis(Cause.NO_NODES, "the cluster has no running NodeManager",
                    Optional.of("start the NodeManagers"));
        }
        if (diagnostics.contains("waiting for AM container to be launched")) {
            return new AcceptedDiagnosis(Cause.AM_STARTING, "its ApplicationMaster has a container, which has not"
                    + " started yet", Optional.empty());
        }
        if (diagnostics.contains("waiting for AM container to Register")) {
            return new AcceptedDiagnosis(Cause.AM_STARTING, "its ApplicationMaster has started and not registered"
                    + " yet (a loaded node starts it slowly)", Optional.empty());
        }
        if (diagnostics.contains("waiting for resources to be assigned for AM")) {
            return new AcceptedDiagnosis(Cause.NO_ROOM_FOR_AM, "no node has room for its ApplicationMaster"
                    + request.map(mb -> " (" + mb + " MB)").orElse(""),
                    Optional.of("wait for other applications to end, or lower yarn.app.mapreduce.am.resource.mb"));
        }
        String said = diagnostics.strip().lines().findFirst().orElse("");
        return new AcceptedDiagnosis(Cause.UNKNOWN, said.isEmpty() ? "YARN gives no reason" : "YARN says: " + said,
                Optional.empty());
    }

    private static OptionalLong megabytes(Optional<String> figure) {
        return figure.map(mb -> OptionalLong.of(Long.parseLong(mb))).orElse(OptionalLong.empty());
    }

    private static Optional<String> detail(String diagnostics, String name) {
        Matcher matcher = DETAIL.matcher(diagnostics);
        while (matcher.find()) {
            if (matcher.group(1).equals(name)) {
                return Optional.of(matcher.group(2));
            }
        }
        return Optional.empty();
    }

    /** " (its ApplicationMaster asks 1536 MB, the limit is 1024 MB, 1024 MB is in use)", or what of it is known. */
    private static String figures(Optional<String> request, Optional<String> limit, Optional<String> used) {
        List<String> parts = new ArrayList<>();
        request.ifPresent(mb -> parts.add("its ApplicationMaster asks " + mb + " MB"));
        limit.ifPresent(mb -> parts.add("the limit is " + mb + " MB"));
        used.ifPresent(mb -> parts.add(mb + " MB is in use"));
        return parts.isEmpty() ? "" : " (" + String.join(", ", parts) + ")";
    }

    public Cause cause() {
        return cause;
    }

    /** Whether a share for ApplicationMasters holds it, which another application's master may be taking. */
    public boolean heldByAmShare() {
        return cause == Cause.QUEUE_AM_LIMIT || cause == Cause.USER_AM_LIMIT || cause == Cause.FAIR_AM_SHARE;
    }

    /**
     * Whether the application would be let in were {@code megabytes} of the share's usage freed: the CapacityScheduler
     * lets it in when its master fits in what is left, or when no other master holds any of the share (the queue's
     * first application always starts). Where the diagnostics do not give the figures, it may be: true.
     */
    public boolean letInWithout(long megabytes) {
        if (!heldByAmShare() || requestMb.isEmpty() || limitMb.isEmpty() || usageMb.isEmpty()) {
            return true;
        }
        long others = usageMb.getAsLong() - megabytes;
        return others <= 0 || others + requestMb.getAsLong() <= limitMb.getAsLong();
    }

    /** Why, for people: "the queue's share for ApplicationMasters is taken (its ApplicationMaster asks 1536 MB)". */
    public String why() {
        return why;
    }

    /** What to change, for people; empty if the diagnostics did not say enough to tell. */
    public Optional<String> remedy() {
        return remedy;
    }
}
