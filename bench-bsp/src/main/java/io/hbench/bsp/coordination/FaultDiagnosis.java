package io.hbench.bsp.coordination;

import io.hbench.bsp.RuntimeSupport;
import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import java.net.ProtocolException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Names the peers at fault when a job cannot go on, from what the coordinator has heard of their progress: the
 * barriers each peer said it waits in, the supersteps each reported, the joins. A peer tells of a barrier only once it
 * has waited there {@link PeerRuntime#PATIENCE_MILLIS}, and of its end with its report, so a peer that never comes to
 * a barrier, or ended its program while others wait in one, can be told from one whose data connection stalled.
 *
 * <p>Guarded by the coordinator, which holds its lock around every call.
 */
final class FaultDiagnosis {
    private final Coordinator.Slot[] slots;
    /** Where the coordinator listens, as host:port. */
    private final String where;
    /** The job's failure timeout, as it reads in a message. */
    private final String timeout;
    /** The highest barrier a peer has said it waits in; -1: none. */
    private int highestEntered = -1;
    /** The peer that reported after the fewest supersteps; null: none has. */
    private Coordinator.Slot earliestReport;

    FaultDiagnosis(Coordinator.Slot[] slots, String where, long timeoutMillis) {
        this.slots = slots;
        this.where = where;
        this.timeout = RuntimeSupport.seconds(timeoutMillis);
    }

    /**
     * {@code slot} has waited in the barrier of {@code superstep} for a while; the failure that shows, if any. Notes
     * from different peers arrive in any order, and a peer tells only of the barriers it waited in, so each peer is
     * counted on its own and may skip supersteps.
     */
    Optional<BenchException> entered(Coordinator.Slot slot, int superstep) {
        if (superstep < slot.superstep) {
            return Optional.of(new BenchException(ErrorCode.INTERNAL_ERROR, slot.address + " entered the barrier of"
                    + " superstep " + superstep + " after that of superstep " + (slot.superstep - 1)));
        }
        slot.superstep = superstep + 1;
        highestEntered = Math.max(highestEntered, superstep);
        if (earliestReport != null && earliestReport.superstep <= superstep) {
            return Optional.of(new BenchException(ErrorCode.PEER_FAILED, earliestReport.address
                    + " ended its program after superstep " + earliestReport.superstep + " while " + slot.address
                    + " waits in the barrier of superstep " + earliestReport.superstep));
        }
        return Optional.empty();
    }

    /**
     * {@code slot} has waited the failure timeout in the barrier of {@code superstep} for the token of {@code awaited}.
     * Every peer that entered the barrier has said so by now ({@link PeerRuntime#PATIENCE_MILLIS} is far shorter), so
     * those that have not are the ones at fault; if every peer has, a token was lost between two of them.
     *
     * @throws ProtocolException if {@code awaited} is not a peer of the job
     */
    BenchException stalled(Coordinator.Slot slot, int superstep, int awaited) throws ProtocolException {
        if (awaited < 0 || awaited >= slots.length) {
            throw new ProtocolException("waited for peer " + awaited + ", not one of the " + slots.length);
        }
        List<Coordinator.Slot> missing = new ArrayList<>();
        for (Coordinator.Slot each : slots) {
            if (each.superstep <= superstep) {
                missing.add(each);
            }
        }
        if (missing.isEmpty()) {
            return new BenchException(ErrorCode.PEER_FAILED, slot.address + " waited " + timeout + " in the barrier of"
                    + " superstep " + superstep + " for " + slots[awaited].address + ", though every peer had entered"
                    + " it: their data connection stalled");
        }
        return new BenchException(ErrorCode.PEER_FAILED, describe(missing) + " did not reach the barrier of superstep "
                + superstep + " within " + timeout);
    }

    /**
     * {@code slot} has ended its program after {@code supersteps}; the failure, if others wait in a barrier it will
     * never enter.
     *
     * @throws ProtocolException if it had said it waited in a later barrier than it reports passing
     */
    Optional<BenchException> reported(Coordinator.Slot slot, int supersteps) throws ProtocolException {
        if (supersteps < slot.superstep) {
            throw new ProtocolException("reported " + supersteps + " supersteps after it waited in the barrier of"
                    + " superstep " + (slot.superstep - 1));
        }
        slot.superstep = supersteps;
        if (earliestReport == null || supersteps < earliestReport.superstep) {
            earliestReport = slot;
        }
        List<Coordinator.Slot> waiting = highestEntered < supersteps ? List.of() : waitingIn(supersteps);
        if (waiting.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new BenchException(ErrorCode.PEER_FAILED, slot.address + " ended its program after"
                + " superstep " + slot.superstep + " while " + describe(waiting)
                + (waiting.size() == 1 ? " waits" : " wait") + " in the barrier of superstep " + slot.superstep));
    }

    /** Not every peer joined within the failure timeout: {@code joined} did, the others are named. */
    BenchException notAllJoined(int joined) {
        List<Integer> missing = new ArrayList<>();
        for (int i = 0; i < slots.length; i++) {
            if (slots[i] == null) {
                missing.add(i);
            }
        }
        return new BenchException(ErrorCode.PEER_FAILED, "only " + joined + " of " + slots.length + " peers joined the"
                + " BSP coordinator at " + where + " within " + timeout + " (missing: "
                + (missing.size() == 1 ? "peer " : "peers ")
                + missing.stream().map(String::valueOf).collect(Collectors.joining(", ")) + ")");
    }

    /** The control connection of {@code slot} closed before the job ended. */
    BenchException died(Coordinator.Slot slot, boolean started) {
        return new BenchException(ErrorCode.PEER_FAILED, slot.address + (started ? " died; last heard of in superstep "
                + slot.superstep : " left before the job started"));
    }

    /** A registered peer broke the protocol: the job cannot trust what it says any more. */
    BenchException broke(Coordinator.Slot slot, String what) {
        return new BenchException(ErrorCode.PEER_FAILED, slot.address + " " + what + " in superstep " + slot.superstep);
    }

    /** The peers that wait in the barrier of {@code superstep}: they said so, and have not reported. */
    private List<Coordinator.Slot> waitingIn(int superstep) {
        List<Coordinator.Slot> waiting = new ArrayList<>();
        for (Coordinator.Slot slot : slots) {
            if (slot.report == null && slot.superstep == superstep + 1) {
                waiting.add(slot);
            }
        }
        return waiting;
    }

    /** "peer 1 (h:p)" or "peers 1 (h:p), 3 (h:p)". */
    private static String describe(List<Coordinator.Slot> peers) {
        if (peers.size() == 1) {
            return peers.get(0).address.toString();
        }
        return "peers " + peers.stream().map(slot -> slot.address.toString().substring("peer ".length()))
                .collect(Collectors.joining(", "));
    }
}
