package io.hbench.resources;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalLong;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

class OwnProcessesTest {
    private static final String MARKER = OwnProcesses.marker("hbench-run-1");

    @TempDir
    Path proc;

    @Test
    void countsTheMarkedTaskJvmsTreesAndTheSamplerButNoOtherLoad() throws IOException {
        // 100: a task JVM of the run; 101, its shell, and 102 under it; 200: another tenant's; 300: the sampler.
        CapturedProc.process(proc, 100, 1, 5000, 1000, "java", "-Xmx1g", MARKER, "YarnChild");
        CapturedProc.process(proc, 101, 100, 5100, 10, "bash", "-c", "sort");
        CapturedProc.process(proc, 102, 101, 5200, 40, "sort");
        CapturedProc.process(proc, 200, 1, 4000, 90_000, "java", "-Dhbench.run=hbench-run-2", "YarnChild");
        CapturedProc.process(proc, 300, 1, 4500, 70, "java", "SamplerProcess");
        OwnProcesses own = new OwnProcesses(new ProcCounters(proc), Optional.of(MARKER), OptionalLong.of(300));

        assertThat(own.ticks()).as("the first count is where counting starts").isZero();

        // In the interval: 100 used 50 ticks, 102 used 20, the sampler 5 and the other tenant 500; 101 ended; 103, a
        // new child of 100, started and used 30; 104, a new process of no one of hbench's, used 8.
        CapturedProc.process(proc, 100, 1, 5000, 1050, "java", "-Xmx1g", MARKER, "YarnChild");
        CapturedProc.end(proc, 101);
        CapturedProc.process(proc, 102, 101, 5200, 60, "sort");
        CapturedProc.process(proc, 103, 100, 5300, 30, "java", "-version");
        CapturedProc.process(proc, 104, 1, 5400, 8, "cron");
        CapturedProc.process(proc, 200, 1, 4000, 90_500, "java", "-Dhbench.run=hbench-run-2", "YarnChild");
        CapturedProc.process(proc, 300, 1, 4500, 75, "java", "SamplerProcess");

        // 102 is 101's still: known as a descendant of 100, whose shell ended. 50 + 20 + 30 + 5.
        assertThat(own.ticks()).isEqualTo(105);
    }

    @Test
    void aPidReusedByAnotherProcessIsNotCountedAsTheOneBefore() throws IOException {
        CapturedProc.process(proc, 100, 1, 5000, 1000, "java", MARKER);
        OwnProcesses own = new OwnProcesses(new ProcCounters(proc), Optional.of(MARKER), OptionalLong.empty());
        own.ticks();

        CapturedProc.process(proc, 100, 1, 9000, 2000, "java", "SomeoneElses");

        assertThat(own.ticks()).isZero();
        assertThat(own.ticks()).as("then known for what it is").isZero();
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void countsThisProcesssOwnCpuTimeOnALiveHost() {
        OwnProcesses own = new OwnProcesses(ProcCounters.live(), Optional.empty(),
                OptionalLong.of(ProcessHandle.current().pid()));
        own.ticks();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long start = threads.getCurrentThreadCpuTime();
        long spin = 0;
        // 300 ms of this thread's CPU time, whatever the wall clock: 30 ticks at the kernel's 100 a second.
        while (threads.getCurrentThreadCpuTime() - start < 300_000_000L) {
            spin += Long.numberOfTrailingZeros(spin + start);
        }

        assertThat(own.ticks()).as("after %s spins", spin).isGreaterThanOrEqualTo(20);
    }

    @Test
    void marksTheRunsMapAndReduceJvmsAfterTheOptionsTheyHad() {
        Configuration conf = new Configuration(false);
        conf.set("mapred.child.java.opts", "-Xmx900m");
        conf.set(MRJobConfig.REDUCE_JAVA_OPTS, "-Xmx2g");

        OwnProcesses.mark(conf, "hbench-run-1");

        assertThat(conf.get(MRJobConfig.MAP_JAVA_OPTS)).isEqualTo("-Xmx900m -Dhbench.run=hbench-run-1");
        assertThat(conf.get(MRJobConfig.REDUCE_JAVA_OPTS)).isEqualTo("-Xmx2g -Dhbench.run=hbench-run-1");
    }
}
