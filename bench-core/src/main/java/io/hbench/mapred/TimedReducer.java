package io.hbench.mapred;

import java.io.IOException;
import org.apache.hadoop.mapreduce.Reducer;

/**
 * A reducer that records its task's own start and run time (see {@link TaskTimes}) and samples its host while it
 * runs (see {@link TaskResources}); used as it is,
 * it passes every record through, as Hadoop's {@link Reducer} does.
 */
public class TimedReducer<KI, VI, KO, VO> extends Reducer<KI, VI, KO, VO> {
    @Override
    public void run(Context context) throws IOException, InterruptedException {
        TimedTask.run(context, () -> super.run(context));
    }
}
