package io.hbench.result;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import static io.hbench.result.Checks.checkNotBlank;
import static java.util.Objects.requireNonNull;

/**
 * Where and how a run happened, so that two results can be told apart and compared: the software (hbench, Hadoop on
 * the client and on the cluster, Java, operating system), the client host, the exact command line, and the
 * configuration that shapes the figures (file system, replication, block size, MapReduce framework, queue, ...).
 * The hosts that ran tasks come from the result's task samples ({@link BenchResult#taskHosts()}), the job and
 * application ids from its jobs.
 */
public final class Environment {
    private final String hbenchVersion;
    private final String hbenchCommit;
    private final String hadoopVersion;
    private final String clusterHadoopVersion;
    private final String java;
    private final String os;
    private final String clientHost;
    private final List<String> commandLine;
    private final Map<String, String> configuration;

    private Environment(Builder builder) {
        this.hbenchVersion = checkNotBlank(builder.hbenchVersion, "hbenchVersion");
        this.hbenchCommit = checkNotBlank(builder.hbenchCommit, "hbenchCommit");
        this.hadoopVersion = checkNotBlank(builder.hadoopVersion, "hadoopVersion");
        this.clusterHadoopVersion = builder.clusterHadoopVersion;
        this.java = checkNotBlank(builder.java, "java");
        this.os = checkNotBlank(builder.os, "os");
        this.clientHost = checkNotBlank(builder.clientHost, "clientHost");
        this.commandLine = List.copyOf(builder.commandLine);
        this.configuration = Collections.unmodifiableMap(new LinkedHashMap<>(builder.configuration));
    }

    public static Builder builder() {
        return new Builder();
    }

    public String hbenchVersion() {
        return hbenchVersion;
    }

    /** The git commit hbench was built from, or "unknown" for a build outside git. */
    public String hbenchCommit() {
        return hbenchCommit;
    }

    /** Hadoop's version on the client that ran the program. */
    public String hadoopVersion() {
        return hadoopVersion;
    }

    /** The cluster's NameNode's Hadoop version; empty when the run used no NameNode or may not ask it. */
    public Optional<String> clusterHadoopVersion() {
        return Optional.ofNullable(clusterHadoopVersion);
    }

    /** Java's version and vendor on the client, e.g. "17.0.15 (Debian)". */
    public String java() {
        return java;
    }

    /** The client's operating system, version and architecture, e.g. "Linux 6.1.0 amd64". */
    public String os() {
        return os;
    }

    public String clientHost() {
        return clientHost;
    }

    /** The program name and its arguments as given, generic Hadoop options included; empty for a library call. */
    public List<String> commandLine() {
        return commandLine;
    }

    /** The settings that shape the figures, by Hadoop's key (and hbench's own facts), in the order they were added. */
    public Map<String, String> configuration() {
        return configuration;
    }

    /** This environment with more settings after its own; a setting it has already is refused. */
    public Environment withConfiguration(Map<String, String> more) {
        Builder builder = builder()
                .hbench(hbenchVersion, hbenchCommit)
                .hadoopVersion(hadoopVersion)
                .clusterHadoopVersion(clusterHadoopVersion)
                .java(java)
                .os(os)
                .clientHost(clientHost)
                .commandLine(commandLine);
        configuration.forEach(builder::configuration);
        more.forEach(builder::configuration);
        return builder.build();
    }

    @Override
    public boolean equals(Object obj) {
        if (this == obj) {
            return true;
        }
        if (!(obj instanceof Environment)) {
            return false;
        }
        Environment that = (Environment) obj;
        return hbenchVersion.equals(that.hbenchVersion)
                && hbenchCommit.equals(that.hbenchCommit)
                && hadoopVersion.equals(that.hadoopVersion)
                && Objects.equals(clusterHadoopVersion, that.clusterHadoopVersion)
                && java.equals(that.java)
                && os.equals(that.os)
                && clientHost.equals(that.clientHost)
                && commandLine.equals(that.commandLine)
                && configuration.equals(that.configuration);
    }

    @Override
    public int hashCode() {
        return Objects.hash(hbenchVersion, hbenchCommit, hadoopVersion, clusterHadoopVersion, java, os, clientHost,
                commandLine, configuration);
    }

    @Override
    public String toString() {
        return "Environment{hbench=" + hbenchVersion + " (" + hbenchCommit + "), hadoop=" + hadoopVersion
                + ", cluster hadoop=" + clusterHadoopVersion + ", java=" + java + ", os=" + os + ", clientHost="
                + clientHost + ", commandLine=" + commandLine + ", configuration=" + configuration + "}";
    }

    public static final class Builder {
        private String hbenchVersion;
        private String hbenchCommit;
        private String hadoopVersion;
        private String clusterHadoopVersion;
        private String java;
        private String os;
        private String clientHost;
        private List<String> commandLine = List.of();
        private final Map<String, String> configuration = new LinkedHashMap<>();

        private Builder() {}

        public Builder hbench(String version, String commit) {
            this.hbenchVersion = version;
            this.hbenchCommit = commit;
            return this;
        }

        public Builder hadoopVersion(String hadoopVersion) {
            this.hadoopVersion = hadoopVersion;
            return this;
        }

        /** @param version the NameNode's Hadoop version, or null if unknown */
        public Builder clusterHadoopVersion(String version) {
            this.clusterHadoopVersion = version == null ? null : checkNotBlank(version, "clusterHadoopVersion");
            return this;
        }

        public Builder java(String java) {
            this.java = java;
            return this;
        }

        public Builder os(String os) {
            this.os = os;
            return this;
        }

        public Builder clientHost(String clientHost) {
            this.clientHost = clientHost;
            return this;
        }

        public Builder commandLine(List<String> commandLine) {
            requireNonNull(commandLine, "commandLine is null");
            commandLine.forEach(argument -> requireNonNull(argument, "commandLine has a null argument"));
            this.commandLine = List.copyOf(commandLine);
            return this;
        }

        /** Adds a setting; names are unique. */
        public Builder configuration(String name, String value) {
            checkNotBlank(name, "configuration name");
            requireNonNull(value, "value of configuration " + name + " is null");
            Checks.checkArgument(!configuration.containsKey(name), "duplicate configuration: %s", name);
            configuration.put(name, value);
            return this;
        }

        public Environment build() {
            return new Environment(this);
        }
    }
}
