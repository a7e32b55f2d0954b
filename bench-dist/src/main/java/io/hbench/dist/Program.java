package io.hbench.dist;

import static java.util.Objects.requireNonNull;

import io.hbench.cli.CommandLineProgram;
import java.util.List;
import java.util.function.Supplier;

/**
 * One entry of the driver's registry: a program name, other names it answers to (the original tool's, where
 * hbench's differs: RandBench is Hama's "bench"), what it does, and how to make a fresh tool.
 */
public final class Program {
    private final String name;
    private final List<String> aliases;
    private final String description;
    private final Supplier<? extends CommandLineProgram> factory;

    public Program(String name, String description, Supplier<? extends CommandLineProgram> factory) {
        this(name, List.of(), description, factory);
    }

    public Program(String name, List<String> aliases, String description, Supplier<? extends CommandLineProgram> factory) {
        this.name = requireNonNull(name, "name is null");
        this.aliases = List.copyOf(requireNonNull(aliases, "aliases is null"));
        this.description = requireNonNull(description, "description is null");
        this.factory = requireNonNull(factory, "factory is null");
    }

    public String name() {
        return name;
    }

    /** Other names the driver finds this program by, ignoring case; listed after the description. */
    public List<String> aliases() {
        return aliases;
    }

    public String description() {
        return description;
    }

    /** A new tool; each run gets its own, since tools carry their configuration. */
    public CommandLineProgram newTool() {
        return factory.get();
    }
}
