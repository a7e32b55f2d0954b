package io.hbench.mapred;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.JobID;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.exceptions.YarnException;

/**
 * Says why YARN holds a job in ACCEPTED once it has waited there {@link #BOUND}, and again every bound while it does,
 * from the ResourceManager's diagnostics ({@link AcceptedDiagnosis}): an operator sees the queue's limit and what to
 * change, not a job at 0 % without a word. It asks the ResourceManager once per bound at most, and never again once
 * the job has left ACCEPTED; a question the ResourceManager does not answer is left out, never failing the run.
 */
final class AcceptedWatch implements AutoCloseable {
    static final Duration BOUND = Duration.ofSeconds(30);

    /** The ResourceManager's view of a job's application. */
    interface Applications extends AutoCloseable {
        /** The application's diagnostics while it is ACCEPTED; empty once it has left that state. */
        Optional<String> acceptedDiagnostics(String jobId) throws IOException;

        @Override
        void close();
    }

    private final String label;
    private final Applications applications;
    private final PrintStream progress;
    private Duration nextCheck = BOUND;
    private boolean left;

    AcceptedWatch(String label, Applications applications, PrintStream progress) {
        this.label = requireNonNull(label, "label is null");
        this.applications = requireNonNull(applications, "applications is null");
        this.progress = requireNonNull(progress, "progress is null");
    }

    /** A watch on YARN's ResourceManager; one that never asks anything if MapReduce runs in this process. */
    static AcceptedWatch of(Configuration conf, String label, PrintStream progress) {
        return new AcceptedWatch(label, MapReduceFramework.isLocal(conf) ? new NoApplications()
                : new ResourceManager(conf), progress);
    }

    /**
     * Called as the job is polled.
     *
     * @param waited how long ago the job was submitted
     */
    void check(String jobId, Duration waited) {
        if (left || waited.compareTo(nextCheck) < 0) {
            return;
        }
        nextCheck = waited.plus(BOUND);
        Optional<String> diagnostics;
        try {
            diagnostics = applications.acceptedDiagnostics(jobId);
        } catch (IOException e) {
            return;
        }
        if (diagnostics.isEmpty()) {
            left = true;
            return;
        }
        AcceptedDiagnosis diagnosis = AcceptedDiagnosis.of(diagnostics.get());
        progress.println("hbench: " + label + ": job " + jobId + " has waited " + waited.toSeconds()
                + " s in ACCEPTED: " + diagnosis.why() + diagnosis.remedy().map(remedy -> "; " + remedy).orElse("")
                + "; still waiting");
    }

    @Override
    public void close() {
        applications.close();
    }

    /** MapReduce in this process: no application, nothing ever waits in a queue. */
    private static final class NoApplications implements Applications {
        @Override
        public Optional<String> acceptedDiagnostics(String jobId) {
            return Optional.empty();
        }

        @Override
        public void close() {
        }
    }

    /** Asks the ResourceManager, through a client made on the first question. */
    private static final class ResourceManager implements Applications {
        private final Configuration conf;
        private YarnClient yarn;

        ResourceManager(Configuration conf) {
            this.conf = conf;
        }

        @Override
        public Optional<String> acceptedDiagnostics(String jobId) throws IOException {
            if (yarn == null) {
                yarn = YarnClient.createYarnClient();
                yarn.init(conf);
                yarn.start();
            }
            // A job's id is its application's: job_<cluster timestamp>_<sequence number>.
            JobID job = JobID.forName(jobId);
            ApplicationId application = ApplicationId.newInstance(Long.parseLong(job.getJtIdentifier()), job.getId());
            try {
                ApplicationReport report = yarn.getApplicationReport(application);
                return report.getYarnApplicationState() == YarnApplicationState.ACCEPTED
                        ? Optional.of(report.getDiagnostics() == null ? "" : report.getDiagnostics())
                        : Optional.empty();
            } catch (YarnException e) {
                throw new IOException(e.getMessage(), e);
            }
        }

        @Override
        public void close() {
            if (yarn != null) {
                yarn.stop();
            }
        }
    }
}
