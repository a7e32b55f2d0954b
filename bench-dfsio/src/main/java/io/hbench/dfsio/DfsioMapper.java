package io.hbench.dfsio;

import io.hbench.fs.StoreStatistics;
import io.hbench.mapred.MapReduceFramework;
import io.hbench.mapred.TimedMapper;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
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
    /** The task's own file system client, closed with the task; null where the task uses Hadoop's cached one. */
    private FileSystem ownClient;
    private FileIo io;

    /**
     * An object store's client counts the requests of everyone who shares it. A task JVM on YARN runs one task, so
     * Hadoop's cached client is the task's own; the local runner runs several tasks at once in one JVM, so each makes a
     * client of its own there (for S3A some 0.2 s of CPU at the task's start, outside its timed I/O). A client that
     * counts no requests (HDFS's) is shared, as Hadoop's TestDFSIO shares it: a client per task would cost each task
     * a connection to the NameNode for nothing.
     */
    @Override
    protected void setup(Context context) throws IOException {
        Configuration conf = context.getConfiguration();
        DfsioOptions options = DfsioOptions.readFrom(conf);
        Path base = new Path(options.baseDir());
        FileSystem fs = base.getFileSystem(conf);
        if (MapReduceFramework.isLocal(conf) && StoreStatistics.counts(fs)) {
            ownClient = FileSystem.newInstance(base.toUri(), conf);
            fs = ownClient;
        }
        io = new FileIo(fs, conf, options, new Path(base, TestDfsio.DATA_DIR), FileIo.describeHost());
    }

    @Override
    protected void cleanup(Context context) throws IOException {
        if (ownClient != null) {
            ownClient.close();
        }
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
