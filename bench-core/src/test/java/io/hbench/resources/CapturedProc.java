package io.hbench.resources;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Instant;

/** The counter files captured under src/test/resources, two seconds apart on a host with partitions, LVM and a wrap. */
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
}
