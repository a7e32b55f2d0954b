package io.hbench.cli;

import org.apache.hadoop.conf.Configuration;

/**
 * A program of bench.jar as the driver sees it: a benchmark ({@link BenchTool}) or a tool that reads results
 * (Compare, Report). It never exits the JVM: it returns 0 for success, 1 when it ran and found a failure, 2 for bad
 * usage or input.
 */
public interface CommandLineProgram {
    /** The name the driver runs it by. */
    String name();

    /** One line saying what the program does, for the driver's list. */
    String description();

    /** Runs the program with its arguments as given, generic Hadoop options included; returns the exit status. */
    int runCommandLine(Configuration conf, String[] args) throws Exception;
}
