package io.hbench.resources;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

/**
 * The counter files captured under src/test/resources, two seconds apart on a host with partitions, LVM and a wrap;
 * and hand-made process entries (/proc/[pid]) for trees of processes.
 */
final class CapturedProc {
    static final Instant BEFORE_TIME = Instant.parse("2026-11-23T10:00:00Z");
    static final Instant AFTER_TIME = BEFORE_TIME.plusSeconds(2);

    private CapturedProc() {
    }

    static ProcCounters before() {
        return new ProcCounters(root("before"));
    }

    static ProcCounters after() {
        return new ProcCounters(root("after"));
    }

    static Path root(String name) {
        try {
            return Path.of(CapturedProc.class.getResource("proc/" + name + "/stat").toURI()).getParent();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Writes /proc/{@code pid}/stat and cmdline under {@code root} as Linux does: the command's name in parentheses
     * (here with a space and a parenthesis of its own, as a thread name may have), the arguments NUL-separated.
     *
     * @param cpuTicks split as user and system time: half each, rounded
     */
    static void process(Path root, long pid, long parent, long startTicks, long cpuTicks, String... arguments)
            throws IOException {
        Path dir = Files.createDirectories(root.resolve(Long.toString(pid)));
        long user = (cpuTicks + 1) / 2;
        // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime
        // priority nice threads itrealvalue starttime vsize ...
        Files.writeString(dir.resolve("stat"), pid + " (java (main) x) S " + parent + " " + pid + " " + pid
                + " 0 -1 4194560 100 0 0 0 " + user + " " + (cpuTicks - user) + " 7 7 20 0 30 0 " + startTicks
                + " 1000000 200 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0\n");
        Files.write(dir.resolve("cmdline"), (String.join("\0", arguments) + "\0").getBytes(StandardCharsets.UTF_8));
    }

    /** Ends process {@code pid} under {@code root}. */
    static void end(Path root, long pid) throws IOException {
        Path dir = root.resolve(Long.toString(pid));
        Files.delete(dir.resolve("stat"));
        Files.delete(dir.resolve("cmdline"));
        Files.delete(dir);
    }
}
