package io.hbench.dfsio;

import io.hbench.mapred.MapReduceFramework;
import io.hbench.mapred.TimedMapper;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Counter;

/**
 * One map task per file: the control record names the file and its size; the task does the I/O
 * and sends its figures to the summing reducer. As a {@link TimedMapper} it samples its host's
 * resources while it runs, if the job asked for it.
 */
public class DfsioMapper extends TimedMapper<Text, LongWritable, Text, Text> {
    private FileIo io;

    /**
     * Every task uses Hadoop's cached client, as Hadoop's TestDFSIO does: a client of its own would cost each task its
     * making (for S3A some 0.2 s of CPU) and, on HDFS, a connection to the NameNode. A task JVM on YARN runs one task,
     * so the cached client is the task's alone there and counts every request of its files; the local runner runs
     * several tasks at once in one JVM, so there each file's requests are those its stream counted.
     */
    @Override
    protected void setup(Context context) throws IOException {
        Configuration conf = context.getConfiguration();
        DfsioOptions options = DfsioOptions.readFrom(conf);
        Path base = new Path(options.baseDir());
        io = new FileIo(base.getFileSystem(conf), MapReduceFramework.isLocal(conf), conf, options,
                new Path(base, TestDfsio.DATA_DIR), FileIo.describeHost());
    }

    @Override
    protected void map(Text fileName, LongWritable size, Context context) throws IOException, InterruptedException {
        Counter bytes = context.getCounter(DfsioCounter.BYTES);
        TaskStats stats = io.run(fileName.toString(), size.get(), count -> {
            bytes.increment(count);
            context.progress();
        });
        Text key = new Text();
        Text value = new Text();
        stats.emit((k, v) -> {
            key.set(k);
            value.set(v);
            context.write(key, value);
        });
    }
}
