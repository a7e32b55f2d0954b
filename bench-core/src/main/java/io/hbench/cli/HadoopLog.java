package io.hbench.cli;

import io.hbench.fs.PrivateDirectory;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.log4j.Appender;
import org.apache.log4j.Level;
import org.apache.log4j.Logger;
import org.apache.log4j.PatternLayout;
import org.apache.log4j.WriterAppender;
import org.apache.log4j.spi.LoggingEvent;

/**
 * Where Hadoop's own log goes while a program runs. By default to a file of the run's, not the terminal: a store that
 * fails makes Hadoop's clients log a stack trace at every retry (hundreds of lines of frames), and the run's one-line
 * failure says what went wrong and names the file. The file is this user's alone, in a private directory under the
 * system's temporary directory ({@link PrivateDirectory}); it is kept if Hadoop warned, and removed otherwise; the
 * directory keeps the newest {@value #KEPT} runs' files. With {@code -verbose} the log goes where its configuration
 * says, as before. Either way the logging is as it was once the run ends: tests run many programs in one process.
 *
 * <p>The file also says which task attempts MapReduce's local runner started and finished, at INFO, so that a failed
 * job's one line can name its task ({@link io.hbench.mapred.FailedTaskCause}).
 */
final class HadoopLog implements AutoCloseable {
    /** The flag that leaves Hadoop's log where its configuration sends it. */
    static final String VERBOSE_FLAG = "verbose";
    /** How many runs' files the directory keeps, the newest. */
    static final int KEPT = 20;
    private static final String LOCAL_RUNNER = "org.apache.hadoop.mapred.LocalJobRunner";
    private static final String LAYOUT = "%d{ISO8601} %p %c: %m%n";
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT);
    private static final FileAttribute<?> OWNER_ONLY =
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"));
    private static final String SUFFIX = ".log";

    /** Hadoop's log as configured: nothing moved, nothing to restore. */
    static final HadoopLog AS_CONFIGURED = new HadoopLog(null, null, List.of(), null);

    private final Path file;
    private final CountingAppender appender;
    private final List<Appender> configured;
    private final Level localRunnerLevel;

    private HadoopLog(Path file, CountingAppender appender, List<Appender> configured, Level localRunnerLevel) {
        this.file = file;
        this.appender = appender;
        this.configured = configured;
        this.localRunnerLevel = localRunnerLevel;
    }

    /**
     * Sends Hadoop's log to a new file in {@code dir} ({@link #directory()}) for a run of {@code program} until closed;
     * where no such file can be made, leaves it as configured and says so in one line on {@code err}.
     */
    static HadoopLog toFile(Path dir, String program, PrintStream err) {
        Path file;
        OutputStream out;
        try {
            PrivateDirectory.claim(dir);
            removeOldest(dir);
            file = createFile(dir.resolve(program.replaceAll("[^A-Za-z0-9_.-]", "_") + "-"
                    + LocalDateTime.now().format(STAMP) + "-" + ProcessHandle.current().pid() + SUFFIX));
            out = Files.newOutputStream(file, LinkOption.NOFOLLOW_LINKS, StandardOpenOption.WRITE);
        } catch (IOException e) {
            err.println("hbench: Hadoop's log stays where its configuration sends it: " + dir + " cannot take it ("
                    + e.getMessage() + ")");
            return AS_CONFIGURED;
        }
        Logger root = Logger.getRootLogger();
        List<Appender> configured = new ArrayList<>();
        for (Object appender : Collections.list(root.getAllAppenders())) {
            configured.add((Appender) appender);
        }
        CountingAppender appender = new CountingAppender(out);
        // One at a time: removing them all at once would close them, and they are put back after the run.
        configured.forEach(root::removeAppender);
        root.addAppender(appender);
        Logger localRunner = Logger.getLogger(LOCAL_RUNNER);
        Level localRunnerLevel = localRunner.getLevel();
        if (!localRunner.isEnabledFor(Level.INFO)) {
            localRunner.setLevel(Level.INFO);
        }
        return new HadoopLog(file, appender, configured, localRunnerLevel);
    }

    /** {@code <temp>/hbench-<user>/logs}. */
    static Path directory() {
        return Paths.get(System.getProperty("java.io.tmpdir"), "hbench-" + System.getProperty("user.name")
                .replaceAll("[^A-Za-z0-9_.-]", "_"), "logs");
    }

    /** Makes a new, empty file for this user alone; a second run in the same second of this process numbers it. */
    private static Path createFile(Path file) throws IOException {
        boolean posix = file.getFileSystem().supportedFileAttributeViews().contains("posix");
        Path name = file;
        for (int copy = 2; ; copy++) {
            try {
                return posix ? Files.createFile(name, OWNER_ONLY) : Files.createFile(name);
            } catch (FileAlreadyExistsException e) {
                String base = file.getFileName().toString();
                name = file.resolveSibling(base.substring(0, base.length() - SUFFIX.length()) + "-" + copy + SUFFIX);
            }
        }
    }

    /** Makes room for one more file: the directory keeps the newest {@value #KEPT}. */
    private static void removeOldest(Path dir) throws IOException {
        List<Path> logs = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*" + SUFFIX)) {
            files.forEach(logs::add);
        }
        if (logs.size() < KEPT) {
            return;
        }
        logs.sort(Comparator.comparing(HadoopLog::modified));
        for (Path old : logs.subList(0, logs.size() - KEPT + 1)) {
            Files.deleteIfExists(old);
        }
    }

    private static FileTime modified(Path file) {
        try {
            return Files.getLastModifiedTime(file, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            return FileTime.fromMillis(0);
        }
    }

    /** The file, if Hadoop warned into it; then the run names it. */
    Optional<Path> fileWithWarnings() {
        return appender == null || appender.warnings.get() == 0 ? Optional.empty() : Optional.of(file);
    }

    /** The line a run that ended says where Hadoop warned, if it did: "hbench: Hadoop logged 2 warnings: <file>". */
    Optional<String> warningsLine() {
        return fileWithWarnings().map(logged -> "hbench: Hadoop logged " + appender.warnings.get()
                + (appender.warnings.get() == 1 ? " warning" : " warnings") + ", in " + logged);
    }

    /** Puts the log back where it was; removes the file unless Hadoop warned. */
    @Override
    public void close() {
        if (appender == null) {
            return;
        }
        Logger root = Logger.getRootLogger();
        root.removeAppender(appender);
        configured.forEach(root::addAppender);
        Logger.getLogger(LOCAL_RUNNER).setLevel(localRunnerLevel);
        appender.close();
        if (appender.warnings.get() == 0) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                // A file that says nothing worth keeping, left for the next run to remove with the oldest.
            }
        }
    }

    /** Writes the log to the run's file and counts what is WARN or worse. */
    private static final class CountingAppender extends WriterAppender {
        private final AtomicInteger warnings = new AtomicInteger();

        CountingAppender(OutputStream out) {
            super(new PatternLayout(LAYOUT), new OutputStreamWriter(out, StandardCharsets.UTF_8));
            setImmediateFlush(true);
        }

        @Override
        public void append(LoggingEvent event) {
            if (event.getLevel().isGreaterOrEqual(Level.WARN)) {
                warnings.incrementAndGet();
            }
            super.append(event);
        }
    }
}
