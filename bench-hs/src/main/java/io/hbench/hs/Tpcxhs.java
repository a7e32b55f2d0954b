package io.hbench.hs;

import static java.util.Objects.requireNonNull;

import io.hbench.datanodes.DataNodeBlocks;
import io.hbench.error.BenchException;
import io.hbench.error.ErrorKind;
import io.hbench.fs.OwnedDirectory;
import io.hbench.fs.StoreCheck;
import io.hbench.resources.SampledResources;
import io.hbench.result.SubmittedJob;
import io.hbench.result.TaskSample;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The TPCx-HS benchmark: two runs of five phases each (HSGen, HSDataCheck, HSSort, HSDataCheck,
 * HSValidate), the base directory emptied before each run. A run's time is its elapsed time from
 * HSGen's start to HSValidate's end. A failed phase ends the benchmark: no later phase or run, no
 * metric. Progress lines (one per phase) go to the progress stream; nothing else is printed. The jobs run on an
 * {@link HsEngine}: MapReduce unless another is given.
 */
public final class Tpcxhs {
    public static final List<String> PHASES = List.of("HSGen", "HSDataCheck", "HSSort", "HSDataCheck", "HSValidate");

    private final Configuration conf;
    private final PrintStream progress;
    private final HsEngine engine;

    public Tpcxhs(Configuration conf) {
        this(conf, new PrintStream(OutputStream.nullOutputStream()));
    }

    public Tpcxhs(Configuration conf, PrintStream progress) {
        this(conf, progress, new MapReduceEngine(conf, progress));
    }

    /** @param conf the cluster's configuration, for the file system of {@code -baseDir} and HSDataCheck */
    public Tpcxhs(Configuration conf, PrintStream progress, HsEngine engine) {
        this.conf = requireNonNull(conf, "conf is null");
        this.progress = requireNonNull(progress, "progress is null");
        this.engine = requireNonNull(engine, "engine is null");
    }

    public TpcxhsResult run(TpcxhsOptions options) throws IOException, InterruptedException {
        requireNonNull(options, "options is null");
        // Find out before HSGen writes the data.
        engine.requireReady();
        Instant start = Instant.now();
        Path basePath = new Path(options.baseDir());
        FileSystem fs = basePath.getFileSystem(conf);
        StoreCheck.reach(conf, fs, basePath);
        OwnedDirectory base = OwnedDirectory.claim(fs, basePath, "-baseDir");
        // Once for the run: the phases' own checks find the store passed in the configuration.
        StoreCheck.before(conf, base, true, progress);
        // Should the run be stopped from outside, none of its data is complete: it all goes.
        base.emptiedOnInterrupt();
        progress.println("TPCx-HS: scale factor " + options.scaleFactor() + ", " + options.scaleFactor().rows()
                + " records, in " + base.path());
        List<TpcxhsResult.Run> runs = new ArrayList<>();
        List<SubmittedJob> jobs = new ArrayList<>();
        List<String> committers = new ArrayList<>();
        List<TaskSample> tasks = new ArrayList<>();
        List<SampledResources> sampled = new ArrayList<>();
        List<DataNodeBlocks> blocks = new ArrayList<>();
        for (int number = 1; number <= TpcxhsOptions.RUNS; number++) {
            clean(base);
            TpcxhsResult.Run run = runOnce(number, options, jobs, committers, tasks, sampled, blocks);
            runs.add(run);
            if (!run.passed()) {
                break;
            }
        }
        return new TpcxhsResult(options, engine.info(), start, Instant.now(), runs, jobs, committers, tasks,
                SampledResources.combine(sampled).map(SampledResources::usage),
                blocks.stream().reduce(DataNodeBlocks.none(), DataNodeBlocks::plus));
    }

    private static void clean(OwnedDirectory base) throws IOException {
        for (FileStatus entry : base.fileSystem().listStatus(base.path())) {
            String name = entry.getPath().getName();
            if (!name.equals(OwnedDirectory.MARKER)) {
                base.deleteChild(name);
            }
        }
    }

    /**
     * Runs every phase of one run; adds the jobs it submits, their output committers, their tasks, their resource
     * samples and their blocks by DataNode to {@code jobs}, {@code committers}, {@code tasks}, {@code sampled} and
     * {@code blocks}.
     */
    private TpcxhsResult.Run runOnce(int number, TpcxhsOptions options, List<SubmittedJob> jobs,
            List<String> committers, List<TaskSample> tasks, List<SampledResources> sampled,
            List<DataNodeBlocks> blocks)
            throws IOException, InterruptedException {
        List<TpcxhsResult.Phase> phases = new ArrayList<>();
        long bytes = options.scaleFactor().rows() * Records.RECORD_LENGTH;
        long runStart = System.nanoTime();
        for (int index = 0; index < PHASES.size(); index++) {
            String name = PHASES.get(index);
            progress.println("TPCx-HS: Run " + number + " of " + TpcxhsOptions.RUNS + ", phase " + (index + 1) + " of "
                    + PHASES.size() + ": " + name + (name.equals("HSDataCheck")
                            ? (index == 1 ? " (generated data)" : " (sorted data)") : "") + " ...");
            long phaseStart = System.nanoTime();
            String failure;
            try {
                failure = runPhase(index, options, jobs, committers, tasks, sampled, blocks);
            } catch (BenchException e) {
                if (e.errorCode().kind() == ErrorKind.USER_ERROR) {
                    throw e;
                }
                failure = e.getMessage();
            } catch (IOException e) {
                failure = e.getMessage() == null ? e.toString() : e.getMessage().lines().findFirst().orElse("");
            }
            Duration time = Duration.ofNanos(System.nanoTime() - phaseStart);
            // HSDataCheck reads metadata only: no data throughput to speak of.
            phases.add(new TpcxhsResult.Phase(name, time, name.equals("HSDataCheck") ? 0 : bytes, failure));
            String took = HsReport.time("phase_time", time) + " " + HsReport.timeUnit("phase_time");
            progress.println("TPCx-HS: Run " + number + ", " + name + (failure == null ? " done in " + took
                    : " FAILED after " + took + ": " + failure));
            if (failure != null) {
                break;
            }
        }
        return new TpcxhsResult.Run(number, phases, Duration.ofNanos(System.nanoTime() - runStart));
    }

    /**
     * Runs one phase and adds its job, committer, tasks, samples and blocks, if it has a job; returns why it failed, or
     * null.
     */
    private String runPhase(int index, TpcxhsOptions options, List<SubmittedJob> jobs, List<String> committers,
            List<TaskSample> tasks, List<SampledResources> sampled, List<DataNodeBlocks> blocks)
            throws IOException, InterruptedException {
        switch (index) {
            case 0:
                HsGenResult gen = engine.gen(options.genOptions());
                jobs.add(gen.job());
                committers.add(gen.committer());
                tasks.addAll(gen.tasks());
                gen.sampledResources().ifPresent(sampled::add);
                blocks.add(gen.dataNodeBlocks());
                return null;
            case 1:
                return dataCheck(options.dataCheckOptions(options.genDir()));
            case 2:
                HsSortResult sort = engine.sort(options.sortOptions());
                jobs.add(sort.job());
                committers.add(sort.committer());
                tasks.addAll(sort.tasks());
                sort.sampledResources().ifPresent(sampled::add);
                blocks.add(sort.dataNodeBlocks());
                return null;
            case 3:
                return dataCheck(options.dataCheckOptions(options.sortDir()));
            default:
                HsValidateResult result = engine.validate(options.validateOptions());
                jobs.add(result.job());
                committers.add(result.committer());
                tasks.addAll(result.tasks());
                result.sampledResources().ifPresent(sampled::add);
                blocks.add(result.dataNodeBlocks());
                List<String> failures = result.failures();
                return failures.isEmpty() ? null : failures.size() + (failures.size() == 1 ? " error" : " errors")
                        + "; first: " + failures.get(0);
        }
    }

    private String dataCheck(HsDataCheckOptions options) throws IOException {
        HsDataCheckResult result = new HsDataCheck(conf).run(options);
        return result.failures().isEmpty() ? null : result.failures().get(0);
    }
}
