package io.hbench.mapred;

import java.io.IOException;
import org.apache.hadoop.mapreduce.Mapper;

/**
 * A mapper that records its task's own start and run time (see {@link TaskTimes}) and samples its host while it
 * runs (see {@link TaskResources}); used as it is,
 * it passes every record through, as Hadoop's {@link Mapper} does.
 */
public class TimedMapper<KI, VI, KO, VO> extends Mapper<KI, VI, KO, VO> {
    @Override
    public void run(Context context) throws IOException, InterruptedException {
        TimedTask.run(context, () -> super.run(context));
    }
}
