package io.hbench.perf;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Locale;

/** What a comparison's header says of the machine, so that figures can be read against their load. */
final class MachineFacts {
    private MachineFacts() {
    }

    /** Processors, Java version and VM, and the load average at the start ("unknown" off Linux). */
    static String summary() {
        return String.format(Locale.ROOT, "%d processors, Java %s (%s), load average %s",
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"),
                System.getProperty("java.vm.name"), loadAverage());
    }

    private static String loadAverage() {
        try {
            return Files.readString(Paths.get("/proc/loadavg")).trim();
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }
}
