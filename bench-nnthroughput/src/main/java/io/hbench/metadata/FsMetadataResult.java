package io.hbench.metadata;

import static java.util.Objects.requireNonNull;

import io.hbench.load.RateOptions;
import io.hbench.namenode.NameNodeCalls;
import io.hbench.namenode.NameserviceRecord;
import io.hbench.namenode.RoleLatency;
import io.hbench.result.BenchResult;
import io.hbench.result.Environment;
import io.hbench.result.ProgramResult;
import io.hbench.result.ResourceUsage;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/** The outcome of an FsMetadata run: one {@link FsOpResult} per operation run (several for -op all). */
public final class FsMetadataResult implements ProgramResult {
    public static final String BENCHMARK = "FsMetadata";
    /** The result's output that carries {@link #renameNote}, when there is one. */
    public static final String RENAME_NOTE_OUTPUT = "renameNote";

    private final FsMetadataOptions options;
    private final String fileSystem;
    private final String baseDir;
    private final Optional<String> renameNote;
    private final Instant start;
    private final Instant end;
    private final List<FsOpResult> operations;
    private final Optional<ResourceUsage> resources;
    private final Optional<NameNodeCalls> nameNodeCalls;
    private final Optional<NameserviceRecord> nameservice;

    /**
     * @param fileSystem the URI of the file system the run measured, e.g. s3a://bucket
     * @param baseDir the base directory, qualified: its file system's URI and its path
     * @param renameNote why the rename figures are a copy's, on a store that renames by copying; empty elsewhere or
     *     when rename did not run
     * @param resources what this host did during the run; empty if not sampled
     */
    public FsMetadataResult(FsMetadataOptions options, String fileSystem, String baseDir, Optional<String> renameNote,
            Instant start, Instant end, List<FsOpResult> operations, Optional<ResourceUsage> resources) {
        this(options, fileSystem, baseDir, renameNote, start, end, operations, resources, Optional.empty(),
                Optional.empty());
    }

    private FsMetadataResult(FsMetadataOptions options, String fileSystem, String baseDir, Optional<String> renameNote,
            Instant start, Instant end, List<FsOpResult> operations, Optional<ResourceUsage> resources,
            Optional<NameNodeCalls> nameNodeCalls, Optional<NameserviceRecord> nameservice) {
        this.options = requireNonNull(options, "options is null");
        this.fileSystem = requireNonNull(fileSystem, "fileSystem is null");
        this.baseDir = requireNonNull(baseDir, "baseDir is null");
        this.renameNote = requireNonNull(renameNote, "renameNote is null");
        this.start = requireNonNull(start, "start is null");
        this.end = requireNonNull(end, "end is null");
        if (end.isBefore(start)) {
            throw new IllegalArgumentException("end is before start: " + start + ", " + end);
        }
        this.operations = List.copyOf(requireNonNull(operations, "operations is null"));
        this.resources = requireNonNull(resources, "resources is null");
        this.nameNodeCalls = requireNonNull(nameNodeCalls, "nameNodeCalls is null");
        this.nameservice = requireNonNull(nameservice, "nameservice is null");
    }

    /** This result with which NameNode of its nameservice served how many calls. */
    FsMetadataResult withNameNodeCalls(NameNodeCalls nameNodeCalls) {
        return new FsMetadataResult(options, fileSystem, baseDir, renameNote, start, end, operations, resources,
                Optional.of(requireNonNull(nameNodeCalls, "nameNodeCalls is null")), nameservice);
    }

    /** On a logical HDFS nameservice, which NameNode served how many calls during the run; empty otherwise. */
    public Optional<NameNodeCalls> nameNodeCalls() {
        return nameNodeCalls;
    }

    /**
     * On a logical nameservice, each operation's latency on the NameNode role that served it ({@link RoleLatency});
     * none otherwise.
     */
    public List<RoleLatency> roleLatencies() {
        if (nameNodeCalls.isEmpty()) {
            return List.of();
        }
        Map<String, Map<String, Histogram>> latencies = new LinkedHashMap<>();
        for (FsOpResult op : operations) {
            String operation = op.operation().label();
            op.histogram().ifPresent(histogram -> latencies.put(operation, Map.of(operation, histogram)));
        }
        return RoleLatency.of(nameNodeCalls.get(), latencies, FsOperation.RPC_METHODS);
    }

    /** This result, run on the logical nameservice {@code record} tells of. */
    public FsMetadataResult withNameservice(NameserviceRecord record) {
        return new FsMetadataResult(options, fileSystem, baseDir, renameNote, start, end, operations, resources,
                nameNodeCalls, Optional.of(requireNonNull(record, "record is null")));
    }

    /** The nameservice the run was on, its NameNodes and their states; empty unless on a logical one. */
    public Optional<NameserviceRecord> nameservice() {
        return nameservice;
    }

    public FsMetadataOptions options() {
        return options;
    }

    public String fileSystem() {
        return fileSystem;
    }

    public String baseDir() {
        return baseDir;
    }

    public Optional<String> renameNote() {
        return renameNote;
    }

    public Instant start() {
        return start;
    }

    public Instant end() {
        return end;
    }

    public List<FsOpResult> operations() {
        return operations;
    }

    @Override
    public Optional<ResourceUsage> resources() {
        return resources;
    }

    /** Every operation's failures, each named by its operation: "list: ...". */
    public List<String> failures() {
        List<String> failures = new ArrayList<>();
        for (FsOpResult op : operations) {
            op.failures().forEach(failure -> failures.add(op.operation().label() + ": " + failure));
        }
        return failures;
    }

    /**
     * The common result model. The primary metric is ops/s, one per operation (labelled operation=create, ...), with
     * NNThroughputBenchmark's identifiers, so that the two programs' figures for one operation line up. The parameters
     * shape the workload; the file system and the base directory are locations, so runs on HDFS and on an object store
     * compare. The rename note is an output: what the run found out about the store.
     */
    @Override
    public BenchResult toBenchResult(Environment environment) {
        BenchResult.Builder result = BenchResult.builder(BENCHMARK, options.operation().label())
                .primaryMetric("ops_per_second")
                .environment(environment)
                .start(start)
                .end(end)
                .parameter("threads", options.threads())
                .parameter("files", options.files())
                .parameter("filesPerDir", options.filesPerDir())
                .location("fileSystem", fileSystem)
                .location("baseDir", baseDir);
        nameservice.ifPresent(record -> record.addTo(result));
        // A closed-loop run's parameters stay as they were.
        options.rate().ifPresent(rate -> result.parameter(RateOptions.RATE, rate.rate())
                .parameter(RateOptions.ARRIVALS, rate.arrivals().label())
                .parameter(RateOptions.SEED, rate.seed()));
        renameNote.ifPresent(note -> result.output(RENAME_NOTE_OUTPUT, note));
        for (FsOpResult op : operations) {
            String operation = op.operation().label();
            op.figures().metrics(operation).forEach(result::metric);
            op.openLoop().ifPresent(load -> load.metrics(operation).forEach(result::metric));
            result.distribution(op.latency().withLabel("operation", operation));
            op.openLoop().ifPresent(load -> result.distribution(load.serviceTimeDistribution(0)
                    .withLabel("operation", operation)));
            op.timeline().ifPresent(timeline -> timeline.addTo(result, Map.of("operation", operation)));
        }
        nameNodeCalls.ifPresent(calls -> calls.metrics().forEach(result::metric));
        roleLatencies().forEach(role -> result.distribution(role.latency()));
        failures().forEach(result::failure);
        resources.ifPresent(result::resources);
        return result.build();
    }
}
