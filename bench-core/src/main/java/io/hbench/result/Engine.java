package io.hbench.result;

import static io.hbench.result.Checks.checkArgument;
import static io.hbench.result.Checks.checkNotBlank;
import static java.util.Objects.requireNonNull;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The engine that ran a program's jobs, for programs that run on more than one (TPCx-HS on MapReduce or Spark): its
 * name, its version, and where it ran: the master the jobs were submitted to, and for Spark how many executors with
 * how much memory each. Results of one program on two engines measured the same work, so Compare pairs them and shows
 * the engines as the difference.
 */
public final class Engine {
    public static final String MAPREDUCE = "mapreduce";
    public static final String SPARK = "spark";

    private final String name;
    private final String version;
    private final Optional<String> master;
    private final OptionalInt executors;
    private final Optional<String> executorMemory;

    /**
     * @param name "mapreduce" or "spark"
     * @param master where the jobs went: MapReduce's framework ("yarn", "local"), Spark's master ("yarn", "local[2]")
     * @param executors Spark's executor count; empty where it does not apply
     * @param executorMemory each executor's memory as Spark was given it ("4g"); empty where it does not apply
     */
    public Engine(String name, String version, Optional<String> master, OptionalInt executors,
            Optional<String> executorMemory) {
        this.name = checkNotBlank(name, "name");
        checkArgument(name.equals(MAPREDUCE) || name.equals(SPARK), "engine name must be %s or %s, not %s", MAPREDUCE,
                SPARK, name);
        this.version = checkNotBlank(version, "version");
        this.master = requireNonNull(master, "master is null");
        master.ifPresent(value -> checkNotBlank(value, "master"));
        this.executors = requireNonNull(executors, "executors is null");
        executors.ifPresent(count -> checkArgument(count > 0, "executors must be positive, not %s", count));
        this.executorMemory = requireNonNull(executorMemory, "executorMemory is null");
        executorMemory.ifPresent(value -> checkNotBlank(value, "executorMemory"));
    }

    /** MapReduce of this version, its jobs submitted to {@code framework} ("yarn" or "local"). */
    public static Engine mapReduce(String version, String framework) {
        return new Engine(MAPREDUCE, version, Optional.of(framework), OptionalInt.empty(), Optional.empty());
    }

    public String name() {
        return name;
    }

    public String version() {
        return version;
    }

    public Optional<String> master() {
        return master;
    }

    public OptionalInt executors() {
        return executors;
    }

    public Optional<String> executorMemory() {
        return executorMemory;
    }

    /** For people: "mapreduce 3.4.2 on yarn", "spark 4.1.3 on yarn, 4 executors of 8g". */
    public String describe() {
        StringBuilder text = new StringBuilder(name).append(' ').append(version);
        master.ifPresent(value -> text.append(" on ").append(value));
        executors.ifPresent(count -> text.append(", ").append(count).append(count == 1 ? " executor" : " executors"));
        executorMemory.ifPresent(memory -> text.append(executors.isPresent() ? " of " : ", executors of ")
                .append(memory));
        return text.toString();
    }

    @Override
    public boolean equals(Object obj) {
        if (this == obj) {
            return true;
        }
        if (!(obj instanceof Engine)) {
            return false;
        }
        Engine that = (Engine) obj;
        return name.equals(that.name) && version.equals(that.version) && master.equals(that.master)
                && executors.equals(that.executors) && executorMemory.equals(that.executorMemory);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, version, master, executors, executorMemory);
    }

    @Override
    public String toString() {
        return describe();
    }
}
