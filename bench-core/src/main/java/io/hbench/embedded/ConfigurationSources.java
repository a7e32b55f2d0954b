package io.hbench.embedded;

import org.apache.hadoop.conf.Configuration;

/** Tells a value someone chose (site file, {@code -D}, {@code -fs}, code) from a shipped default. */
public final class ConfigurationSources {
    private ConfigurationSources() {
    }

    /** True when {@code key} has a value that does not come from one of Hadoop's {@code *-default.xml} files. */
    public static boolean isSetExplicitly(Configuration conf, String key) {
        if (conf.get(key) == null) {
            return false;
        }
        String[] sources = conf.getPropertySources(key);
        if (sources == null) {
            return true;
        }
        for (String source : sources) {
            if (!source.endsWith("-default.xml")) {
                return true;
            }
        }
        return false;
    }
}
