package io.hbench.cli;

import io.hbench.embedded.EmbeddedCluster;
import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.findings.LinkCapacities;
import io.hbench.fs.LocalOutput;
import io.hbench.security.KerberosLogin;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Optional;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

/**
 * The flags every benchmark program takes beside its own: where its result goes ({@code -json}, {@code -resFile}),
 * who it logs in as on a Kerberos-secured cluster, whether it samples the hosts and checks the store, which cluster it runs on, and
 * {@code -help}; and what they mean.
 */
final class CommonFlags {
    static final String NO_STORE_CHECK_FLAG = "noStoreCheck";

    private CommonFlags() {
    }

    /**
     * Adds the common flags after the program's own.
     *
     * @param resultFileKind what the program appends its result lines to a {@code -resFile} file as; empty if it
     *     takes no {@code -resFile}
     */
    static void addTo(Options options, Optional<LocalOutput.Kind> resultFileKind, Optional<String> defaultResultFile) {
        if (resultFileKind.isPresent()) {
            options.addOption(FlagParser.valued("resFile", "file", "local file the result lines are appended to"
                    + defaultResultFile.map(file -> " (default " + file + ")").orElse("")));
        }
        options.addOption(FlagParser.valued("json", "file",
                "also write the full result, with its environment, as JSON to this local file"));
        options.addOption(FlagParser.present(LocalOutput.OVERWRITE_FLAG, resultFileKind.isPresent()
                ? "write to an existing -json or -resFile file that hbench did not write (-json replaces it, -resFile"
                        + " appends to it); hbench's own are written without it"
                : "replace an existing -json file that hbench did not write; its own results are replaced without it"));
        options.addOption(FlagParser.valued("principal", "principal", "on a Kerberos-secured cluster, log in as this"
                + " principal (with -keytab) instead of using the ticket cache (kinit); _HOST stands for this host's"
                + " name"));
        options.addOption(FlagParser.valued("keytab", "file", "the keytab holding -principal's key"));
        options.addOption(FlagParser.present("noResources",
                "do not sample the hosts' CPU, memory, network and disks while the tasks run"));
        options.addOption(FlagParser.present(NO_STORE_CHECK_FLAG, "do not check the file system before the run"
                + " (write, read back, list, rename and remove a small object in the base directory)"));
        options.addOption(FlagParser.valued(LinkCapacities.LINK_SPEED_FLAG, "host=rate", "each host's link capacity"
                + " (20Mbit, 1Gbit, 10Gbit), where neither its NIC nor EBB tells it: the findings hold the host's"
                + " traffic to it"));
        options.addOption(FlagParser.present("embedded", "run on an embedded cluster even if one is configured"));
        options.addOption(FlagParser.present(BenchTool.EMBEDDED_STORE_FLAG, "run on an embedded cluster whose file"
                + " system is an S3 object store (S3Proxy, reached through S3A) rather than HDFS; implies -embedded"));
        options.addOption(FlagParser.present("noEmbedded",
                "never start an embedded cluster; use the configured file system, even file:///"));
        options.addOption(FlagParser.valued("embeddedDir", "dir",
                "storage of the embedded cluster (default " + EmbeddedCluster.defaultDirectory() + ")"));
        options.addOption(FlagParser.present(HadoopLog.VERBOSE_FLAG, "print Hadoop's own log on the terminal as"
                + " configured, rather than into a file of the run's that a failure names"));
        options.addOption(FlagParser.present("help", "print this help"));
    }

    /** {@code -principal} and {@code -keytab}: both or neither. */
    static Optional<KerberosLogin.Keytab> keytab(CommandLine line) {
        String principal = line.getOptionValue("principal");
        String keytab = line.getOptionValue("keytab");
        if (principal == null && keytab == null) {
            return Optional.empty();
        }
        if (keytab == null) {
            throw new BenchException(ErrorCode.MISSING_OPTION, "-principal needs -keytab: give the keytab that holds "
                    + principal + "'s key, or leave both out to use the ticket cache (kinit)");
        }
        if (principal == null) {
            throw new BenchException(ErrorCode.MISSING_OPTION, "-keytab needs -principal: give the principal to log in"
                    + " as (klist -kt " + keytab + " lists the keytab's), or leave both out to use the ticket cache"
                    + " (kinit)");
        }
        return Optional.of(new KerberosLogin.Keytab(principal, Paths.get(keytab)));
    }

    /**
     * Whether the run starts an embedded cluster: {@code -embedded} and {@code -embeddedStore} force one,
     * {@code -noEmbedded} refuses one, else one starts when no cluster is configured if the program wants it.
     */
    static ClusterSession.EmbeddedMode embeddedMode(CommandLine line, boolean startsWhenNoneIsConfigured) {
        for (String embedded : List.of("embedded", BenchTool.EMBEDDED_STORE_FLAG)) {
            if (line.hasOption(embedded) && line.hasOption("noEmbedded")) {
                throw new BenchException(ErrorCode.CONFLICTING_OPTIONS, "-" + embedded + " and -noEmbedded exclude each"
                        + " other");
            }
        }
        if (line.hasOption("embedded") || line.hasOption(BenchTool.EMBEDDED_STORE_FLAG)) {
            return ClusterSession.EmbeddedMode.FORCE;
        }
        return line.hasOption("noEmbedded") || !startsWhenNoneIsConfigured ? ClusterSession.EmbeddedMode.REFUSE
                : ClusterSession.EmbeddedMode.AUTO;
    }

    /** The embedded cluster's storage directory. */
    static Path embeddedDir(CommandLine line) {
        return line.hasOption("embeddedDir") ? Paths.get(line.getOptionValue("embeddedDir"))
                : EmbeddedCluster.defaultDirectory();
    }

    /** The embedded cluster's file system: an S3 object store with {@code -embeddedStore}, else HDFS. */
    static EmbeddedCluster.Storage embeddedStorage(CommandLine line) {
        return line.hasOption(BenchTool.EMBEDDED_STORE_FLAG) ? EmbeddedCluster.Storage.S3
                : EmbeddedCluster.Storage.HDFS;
    }
}
