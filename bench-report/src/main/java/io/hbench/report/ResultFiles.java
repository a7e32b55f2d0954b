package io.hbench.report;

import io.hbench.result.json.JsonResultReader;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static java.util.Objects.requireNonNull;

/** Reads hbench results from files and directories, as Compare and Report take them. */
public final class ResultFiles {
    /** The record Suite keeps beside its steps' results (how each step ended); not a result itself. */
    public static final String SUITE_RECORD = "suite.json";

    private ResultFiles() {}

    /**
     * Reads every path: a file is one result; a directory contributes every {@code *.json} file below it, by name, but
     * a suite's {@value #SUITE_RECORD}.
     *
     * @throws IOException naming the file, if a path does not exist, a directory holds no result, or a file is not a
     *         result this version reads (an older schema is said plainly)
     */
    public static List<LoadedResult> read(List<Path> paths) throws IOException {
        requireNonNull(paths, "paths is null");
        List<LoadedResult> results = new ArrayList<>();
        for (Path path : paths) {
            if (Files.isDirectory(path)) {
                List<Path> files;
                try (Stream<Path> walk = Files.walk(path)) {
                    files = walk.filter(file -> file.getFileName().toString().endsWith(".json"))
                            .filter(file -> !file.getFileName().toString().equals(SUITE_RECORD))
                            .filter(Files::isRegularFile).sorted().collect(Collectors.toList());
                }
                if (files.isEmpty()) {
                    throw new IOException(path + ": no .json result in this directory");
                }
                for (Path file : files) {
                    results.add(readFile(file));
                }
            } else {
                results.add(readFile(path));
            }
        }
        return results;
    }

    private static LoadedResult readFile(Path file) throws IOException {
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return new LoadedResult(file, JsonResultReader.read(reader));
        } catch (NoSuchFileException e) {
            throw new IOException(file + ": no such file");
        } catch (IOException e) {
            throw new IOException(file + ": " + firstLine(e.getMessage()), e);
        }
    }

    private static String firstLine(String message) {
        return message == null ? "unreadable" : message.lines().findFirst().orElse("unreadable");
    }
}
