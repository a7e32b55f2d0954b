package io.hbench.mapred;

import io.hbench.resources.HostSampler;
import java.io.IOException;
import java.time.Instant;
import java.util.Optional;
import org.apache.hadoop.mapreduce.TaskInputOutputContext;

/** What {@link TimedMapper} and {@link TimedReducer} do around their task: time it, and sample its host meanwhile. */
final class TimedTask {
    /** The task's own work: Mapper's or Reducer's run. */
    interface Body {
        void run() throws IOException, InterruptedException;
    }

    private TimedTask() {
    }

    static void run(TaskInputOutputContext<?, ?, ?, ?> context, Body body) throws IOException, InterruptedException {
        Instant start = Instant.now();
        long startNanos = System.nanoTime();
        Optional<HostSampler.Participation> sampling = TaskResources.join(context);
        try {
            body.run();
        } finally {
            TaskResources.leave(context, sampling);
        }
        TaskTimes.record(context, start, System.nanoTime() - startNanos);
    }
}
