package io.hbench.hs;

import static java.util.Objects.requireNonNull;

import io.hbench.mapred.MapReduceFramework;
import io.hbench.result.Engine;
import java.io.IOException;
import java.io.PrintStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.VersionInfo;

/**
 * TPCx-HS's jobs on MapReduce: {@link HsGen}, {@link HsSort} and {@link HsValidate}. Its master is MapReduce's
 * framework ({@code yarn}, or {@code local} where the tasks run in this process), since that, not the ResourceManager's
 * address (which the result's configuration holds), is what tells two runs' figures apart.
 */
public final class MapReduceEngine implements HsEngine {
    private final Configuration conf;
    private final PrintStream progress;

    public MapReduceEngine(Configuration conf, PrintStream progress) {
        this.conf = requireNonNull(conf, "conf is null");
        this.progress = requireNonNull(progress, "progress is null");
    }

    @Override
    public Engine info() {
        return Engine.mapReduce(VersionInfo.getVersion(), MapReduceFramework.name(conf));
    }

    /** HSSort and HSValidate shuffle: {@link MapReduceFramework#requireShuffleSupport}. */
    @Override
    public void requireReady() {
        MapReduceFramework.requireShuffleSupport(conf);
    }

    @Override
    public HsGenResult gen(HsGenOptions options) throws IOException, InterruptedException {
        return new HsGen(conf, progress).run(options);
    }

    @Override
    public HsSortResult sort(HsSortOptions options) throws IOException, InterruptedException {
        return new HsSort(conf, progress).run(options);
    }

    @Override
    public HsValidateResult validate(HsValidateOptions options) throws IOException, InterruptedException {
        return new HsValidate(conf, progress).run(options);
    }
}
