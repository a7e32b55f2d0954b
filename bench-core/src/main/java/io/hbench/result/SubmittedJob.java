package io.hbench.result;

import static io.hbench.result.Checks.checkNotBlank;
import static java.util.Objects.requireNonNull;

import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A job a run submitted to the cluster, so its logs and counters can be found afterwards: the id
 * ({@code job_1700000000000_0001}; on YARN the application id is the same number as
 * {@code application_...}), the job's name, and where the framework tracks it.
 */
public final class SubmittedJob {
    private static final Pattern YARN_JOB_ID = Pattern.compile("job_([0-9]+_[0-9]+)");

    private final String id;
    private final String name;
    private final String trackingUrl;

    /** @param trackingUrl the framework's page for the job, or null if it has none */
    public SubmittedJob(String id, String name, String trackingUrl) {
        this.id = checkNotBlank(id, "id");
        this.name = requireNonNull(name, "name is null");
        this.trackingUrl = trackingUrl == null || trackingUrl.isBlank() ? null : trackingUrl;
    }

    public String id() {
        return id;
    }

    public String name() {
        return name;
    }

    /**
     * The YARN application that ran the job: {@code application_<cluster timestamp>_<number>} for a job id
     * {@code job_<cluster timestamp>_<number>}. Empty for jobs of MapReduce's local runner ({@code job_local...}),
     * which run in no application.
     */
    public Optional<String> applicationId() {
        Matcher matcher = YARN_JOB_ID.matcher(id);
        return matcher.matches() ? Optional.of("application_" + matcher.group(1)) : Optional.empty();
    }

    public Optional<String> trackingUrl() {
        return Optional.ofNullable(trackingUrl);
    }

    @Override
    public boolean equals(Object obj) {
        if (this == obj) {
            return true;
        }
        if (!(obj instanceof SubmittedJob)) {
            return false;
        }
        SubmittedJob that = (SubmittedJob) obj;
        return id.equals(that.id) && name.equals(that.name) && Objects.equals(trackingUrl, that.trackingUrl);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, name, trackingUrl);
    }

    @Override
    public String toString() {
        return id + " (" + name + ")" + (trackingUrl == null ? "" : " " + trackingUrl);
    }
}
