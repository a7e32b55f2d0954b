package io.hbench.federation;

import static java.util.Objects.requireNonNull;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.namenode.Nameservice;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/**
 * The subclusters a run through Routers loads, found before the run: from the mount table of the Router {@code -fs}
 * names, or from the paths given; each refusal one line.
 */
public final class Subclusters {
    /** Whether a path of the federation's namespace is an existing directory. */
    @FunctionalInterface
    public interface Directories {
        boolean isDirectory(String path) throws IOException;
    }

    private Subclusters() {
    }

    /**
     * The subclusters of the mount table of the Router {@code -fs} names, each with its base directory under its first
     * mount point, {@code <mount point>/<baseDirName's last component>}.
     *
     * @param standalone whether the run starts its own NameNode (no {@code -fs})
     * @throws BenchException in one line: no Router, or a mount table of no subcluster
     */
    public static List<Subcluster> fromMountTable(String baseDirName, Configuration conf, boolean standalone) {
        requireNonNull(baseDirName, "baseDirName is null");
        URI uri = FileSystem.getDefaultUri(conf);
        if (standalone || !"hdfs".equals(uri.getScheme())) {
            throw new BenchException(ErrorCode.CONFLICTING_OPTIONS, "-perSubcluster reads the mount table of the Router"
                    + " -fs names: give -fs hdfs://<Router or Routers' nameservice>, or the paths with -subClusterPath");
        }
        Nameservice nameservice = Nameservice.of(uri, conf);
        Routers.Router router = Routers.firstRouter(nameservice, conf).orElseThrow(() -> new BenchException(
                ErrorCode.CONFLICTING_OPTIONS, "-perSubcluster needs a Router: " + uri + " is served by "
                        + String.join(", ", nameservice.nameNodes().keySet()) + ", which "
                        + (nameservice.nameNodes().size() == 1 ? "is a NameNode" : "are NameNodes")
                        + ", not Routers; give a Router's -fs, or the paths with -subClusterPath"));
        List<Subcluster> subclusters = MountPoints.read(router, conf).subclusters(baseDirName);
        if (subclusters.isEmpty()) {
            throw new BenchException(ErrorCode.UNSUPPORTED_CONFIGURATION, "-perSubcluster: the mount table of Router "
                    + router + " has no mount point whose destinations are all in one subcluster; name the paths with"
                    + " -subClusterPath");
        }
        return subclusters;
    }

    /**
     * The subclusters of the paths given, one each, labelled by the path, with base directory {@code <path>/<baseDirName's
     * last component>}.
     *
     * @throws BenchException MISSING_INPUT in one line, for a path that is not an existing directory
     */
    public static List<Subcluster> fromPaths(List<String> paths, String baseDirName, Directories directories)
            throws IOException {
        requireNonNull(baseDirName, "baseDirName is null");
        List<Subcluster> subclusters = new ArrayList<>();
        for (String path : paths) {
            if (!directories.isDirectory(path)) {
                throw new BenchException(ErrorCode.MISSING_INPUT, "-subClusterPath " + path + " is not an existing"
                        + " directory: give directories that exist, one in each subcluster");
            }
            subclusters.add(Subcluster.under(path, path, baseDirName));
        }
        return subclusters;
    }
}
