package io.hbench.bsp.runners;

import io.hbench.bsp.BspJobSpec;
import io.hbench.bsp.BspSettings;
import io.hbench.bsp.RuntimeCensus;
import io.hbench.bsp.RuntimeSupport;
import io.hbench.bsp.coordination.PeerBootstrap;
import io.hbench.bsp.transport.LinkDecorator;
import io.hbench.bsp.trust.Admission;
import io.hbench.bsp.trust.RunSecret;
import io.hbench.error.BenchException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Mapper;

/**
 * A map task that is one BSP peer: it joins the coordinator named in the job and runs the program
 * it ships, reporting progress all the while so that a long superstep is not taken for a hung task.
 * The run's secret comes from the job's credentials; refused connections are told on the task's
 * standard error, in its logs.
 */
public final class PeerMapper extends Mapper<NullWritable, NullWritable, NullWritable, NullWritable> {
    @Override
    public void run(Context context) throws IOException, InterruptedException {
        int index = ((PeerSplit) context.getInputSplit()).index();
        Configuration conf = context.getConfiguration();
        RunSecret secret = MapReduceBspRunner.secret(conf, context.getCredentials()).orElseThrow(() -> new IOException(
                "the job's credentials carry no BSP run secret: submit BSP jobs with hbench's MapReduceBspRunner"));
        context.setStatus("BSP peer " + index);
        long taskTimeout = conf.getLong("mapreduce.task.timeout", 600_000);
        long period = Math.max(1000, Math.min(10_000, taskTimeout / 4));
        ScheduledExecutorService progress = Executors.newSingleThreadScheduledExecutor(
                runnable -> RuntimeSupport.daemon(runnable, RuntimeCensus.threadName(index, "progress")));
        progress.scheduleAtFixedRate(context::progress, period, period, TimeUnit.MILLISECONDS);
        try {
            PeerBootstrap.join(new InetSocketAddress(conf.get(MapReduceBspRunner.COORDINATOR_HOST_KEY),
                    conf.getInt(MapReduceBspRunner.COORDINATOR_PORT_KEY, 0)), index,
                    BspSettings.dataAddress(conf, MapReduceBspRunner.inProcess(conf)), BspSettings.ports(conf),
                    LinkDecorator.NONE, secret, System.err::println, admission(conf));
        } catch (BenchException e) {
            // The coordinator knows already; this fails the task with the same words.
            throw new IOException(e.getMessage(), e);
        } finally {
            progress.shutdownNow();
        }
    }

    /** How the peer is admitted: patient with its coordinator for as long as the job's failure timeout. */
    static Admission admission(Configuration conf) {
        return Admission.DEFAULT.withPatience(Duration.ofMillis(conf.getLong(MapReduceBspRunner.FAILURE_TIMEOUT_KEY,
                BspJobSpec.DEFAULT_FAILURE_TIMEOUT.toMillis())));
    }
}
