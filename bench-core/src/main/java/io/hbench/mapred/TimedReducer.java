package io.hbench.mapred;

import io.hbench.resources.HostSampler;
import java.io.IOException;
import java.time.Instant;
import java.util.Optional;
import org.apache.hadoop.mapreduce.Reducer;

/**
 * A reducer that records its task's own start and run time (see {@link TaskTimes}) and samples its host while it
 * runs (see {@link TaskResources}); used as it is,
 * it passes every record through, as Hadoop's {@link Reducer} does.
 */
public class TimedReducer<KI, VI, KO, VO> extends Reducer<KI, VI, KO, VO> {
    @Override
    public void run(Context context) throws IOException, InterruptedException {
        Instant start = Instant.now();
        long startNanos = System.nanoTime();
        Optional<HostSampler.Participation> sampling = TaskResources.join(context);
        try {
            super.run(context);
        } finally {
            TaskResources.leave(context, sampling);
        }
        TaskTimes.record(context, start, System.nanoTime() - startNanos);
    }
}
