package io.hbench.resources;

import static java.util.Objects.requireNonNull;

import io.hbench.mapred.AcceptedDiagnosis;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Whether the sampler's own YARN application holds back one of the benchmark's, which it must never do. The
 * CapacityScheduler counts an unmanaged application as an ApplicationMaster of the smallest allocation, and always
 * activates a queue's first application whatever the queue's share for ApplicationMasters; with the sampler's
 * application active, the benchmark's is held to that share, which on a small cluster at the default 0.1 is too small
 * for MapReduce's ApplicationMaster: the job would wait in ACCEPTED for good. So the sampler gives way to an
 * application of its user, submitted after its own, that YARN holds in ACCEPTED because a share for ApplicationMasters
 * of its queue is taken and the sampler's part of it is what keeps it out, or for which no node has had room for
 * {@link #NO_ROOM_BOUND} (the sampler's containers may be what takes it). A share held by others' masters is not the
 * sampler's doing: a chain of jobs (TPCx-HS) submits its next job while the last one's master still counts, and that
 * wait ends by itself.
 */
final class GivingWay {
    static final Duration NO_ROOM_BOUND = Duration.ofSeconds(30);

    /** What the ResourceManager says of an application. */
    static final class Application {
        final String id;
        final String user;
        final String queue;
        final long submitMillis;
        final String diagnostics;

        /** @param submitMillis when it was submitted, on the ResourceManager's clock */
        Application(String id, String user, String queue, long submitMillis, String diagnostics) {
            this.id = requireNonNull(id, "id is null");
            this.user = requireNonNull(user, "user is null");
            this.queue = requireNonNull(queue, "queue is null");
            this.submitMillis = submitMillis;
            this.diagnostics = requireNonNull(diagnostics, "diagnostics is null");
        }
    }

    /** The application the sampler gives way to, and why YARN held it. */
    static final class Decision {
        final String application;
        final AcceptedDiagnosis diagnosis;

        private Decision(String application, AcceptedDiagnosis diagnosis) {
            this.application = application;
            this.diagnosis = diagnosis;
        }

        /** For the host that goes unsampled: "the resource sampler gave way to application_..., which ...". */
        String hostReason() {
            return "the resource sampler gave way to " + application + ", which YARN held in ACCEPTED: "
                    + diagnosis.why();
        }

        /** For stderr, at once. */
        String line() {
            return "hbench: resource sampler: gave way to " + application + ", which YARN held in ACCEPTED: "
                    + diagnosis.why() + "; the run goes on unsampled"
                    + (diagnosis.heldByAmShare() ? diagnosis.remedy().map(remedy -> " (" + remedy
                            + " to sample it as well)").orElse("") : "");
        }
    }

    private final Application sampler;
    private final long samplerShareMb;
    /** When this client first saw each application without room, on its own clock. */
    private final Map<String, Long> withoutRoomSince = new HashMap<>();

    /**
     * @param samplerShareMb what the sampler takes of its queue's share for ApplicationMasters: the scheduler's
     *        smallest allocation, as YARN counts an unmanaged master
     */
    GivingWay(Application sampler, long samplerShareMb) {
        this.sampler = requireNonNull(sampler, "sampler is null");
        if (samplerShareMb <= 0) {
            throw new IllegalArgumentException("samplerShareMb is not positive: " + samplerShareMb);
        }
        this.samplerShareMb = samplerShareMb;
    }

    /**
     * @param accepted the applications YARN holds in ACCEPTED now
     * @param nowMillis this client's clock
     * @return the first of them to give way to, if any
     */
    Optional<Decision> decide(List<Application> accepted, long nowMillis) {
        for (Application waiting : accepted) {
            if (waiting.id.equals(sampler.id) || !waiting.user.equals(sampler.user)
                    || waiting.submitMillis < sampler.submitMillis) {
                continue;
            }
            AcceptedDiagnosis diagnosis = AcceptedDiagnosis.of(waiting.diagnostics);
            if (diagnosis.heldByAmShare() && waiting.queue.equals(sampler.queue)
                    && diagnosis.letInWithout(samplerShareMb)) {
                return Optional.of(new Decision(waiting.id, diagnosis));
            }
            if (diagnosis.cause() == AcceptedDiagnosis.Cause.NO_ROOM_FOR_AM) {
                long since = withoutRoomSince.computeIfAbsent(waiting.id, id -> nowMillis);
                if (nowMillis - since >= NO_ROOM_BOUND.toMillis()) {
                    return Optional.of(new Decision(waiting.id, diagnosis));
                }
            } else {
                withoutRoomSince.remove(waiting.id);
            }
        }
        return Optional.empty();
    }
}
