package io.hbench.spark;

import static java.util.Objects.requireNonNull;

import io.hbench.hs.HsEngine;
import io.hbench.hs.HsGenOptions;
import io.hbench.hs.HsGenResult;
import io.hbench.hs.HsSortOptions;
import io.hbench.hs.HsSortResult;
import io.hbench.hs.HsValidateOptions;
import io.hbench.hs.HsValidateResult;
import io.hbench.result.Engine;
import java.io.IOException;
import java.util.Optional;
import java.util.OptionalInt;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * TPCx-HS's jobs on Spark: {@link SparkHsGen}, {@link SparkHsSort} and {@link SparkHsValidate}, in one Spark
 * application. Its executors are those the application has when the result is made; in local mode the driver runs the
 * tasks, and there are none to count.
 */
public final class SparkEngine implements HsEngine {
    private static final String EXECUTOR_MEMORY = "spark.executor.memory";
    /** Spark's own default for {@code spark.executor.memory}. */
    private static final String DEFAULT_EXECUTOR_MEMORY = "1g";

    private final JavaSparkContext spark;
    private final Configuration conf;

    public SparkEngine(JavaSparkContext spark, Configuration conf) {
        this.spark = requireNonNull(spark, "spark is null");
        this.conf = requireNonNull(conf, "conf is null");
    }

    @Override
    public Engine info() {
        if (spark.isLocal()) {
            return new Engine(Engine.SPARK, spark.version(), Optional.of(spark.master()), OptionalInt.empty(),
                    Optional.empty());
        }
        int executors = spark.sc().getExecutorIds().size();
        return new Engine(Engine.SPARK, spark.version(), Optional.of(spark.master()),
                executors > 0 ? OptionalInt.of(executors) : OptionalInt.empty(),
                Optional.of(spark.getConf().get(EXECUTOR_MEMORY, DEFAULT_EXECUTOR_MEMORY)));
    }

    /** Spark shuffles on every master: nothing to refuse before HSGen writes. */
    @Override
    public void requireReady() {
    }

    @Override
    public HsGenResult gen(HsGenOptions options) throws IOException, InterruptedException {
        return new SparkHsGen(spark, conf).run(options);
    }

    @Override
    public HsSortResult sort(HsSortOptions options) throws IOException, InterruptedException {
        return new SparkHsSort(spark, conf).run(options);
    }

    @Override
    public HsValidateResult validate(HsValidateOptions options) throws IOException, InterruptedException {
        return new SparkHsValidate(spark, conf).run(options);
    }
}
