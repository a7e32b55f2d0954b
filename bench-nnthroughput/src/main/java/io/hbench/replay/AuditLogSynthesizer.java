package io.hbench.replay;

import static java.util.Objects.requireNonNull;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.zip.GZIPOutputStream;

/**
 * Writes an audit log in {@code FSNamesystem.audit}'s format ({@link AuditLine} reads it back) for {@code AuditReplay
 * -synthesize}, so that a user without a production log, and every test, has one.
 *
 * <p>Its paths make sense to a replay, as a real log's do. They lie under {@link #ROOT}: directories {@code dir0} to
 * {@code dir7}, and in them the files {@code file<n>} the log expects to exist (a replay's prepare pass creates them)
 * and the files {@code new<n>} it creates. Commands that read or change a file (open, getfileinfo, setPermission,
 * append, truncate, ...) pick one that exists at that point of the log; delete, rename and concat's sources take one
 * away; create, rename's destination and concat's target leave one; listStatus and contentSummary pick a directory;
 * mkdirs makes {@code sub<n>} in one. Each line comes from one of {@code sources} addresses, {@code 10.0.0.1} on, as
 * its user, {@code user1} on.
 */
public final class AuditLogSynthesizer {
    /** Where every path of a synthesized log lies. */
    public static final String ROOT = "/synth";
    private static final int DIRS = 8;
    /** How many files the log expects to exist from the start; more are expected when they run out. */
    private static final int FILES_AT_START = 128;
    private static final String GROUP = "hadoop";
    private static final String FILE_PERMISSION = "rw-r--r--";
    private static final String DIR_PERMISSION = "rwxr-xr-x";
    private static final String[] PERMISSIONS = {"rwxr-xr-x", "rw-r--r--", "rw-------", "rwxrwxr-x"};

    /**
     * Writes the log of {@code spec} to {@code out}, one line per command, each ending in {@code \n}.
     *
     * @return how many lines were written: {@link SynthesisSpec#commands()}
     */
    public long write(SynthesisSpec spec, Writer out) throws IOException {
        requireNonNull(spec, "spec is null");
        requireNonNull(out, "out is null");
        Random random = new Random(spec.seed());
        AuditCommand[] commands = spec.mix().keySet().toArray(new AuditCommand[0]);
        int[] weights = spec.mix().values().stream().mapToInt(Integer::intValue).toArray();
        int totalWeight = Arrays.stream(weights).sum();
        Tree tree = new Tree(random, spec.sources());
        StringBuilder line = new StringBuilder(256);
        for (long i = 0; i < spec.commands(); i++) {
            AuditCommand command = commands[drawn(random.nextInt(totalWeight), weights)];
            int source = 1 + random.nextInt(spec.sources());
            line.setLength(0);
            line.append(AuditTime.format(spec.timeMillis(i))).append(" INFO FSNamesystem.audit: allowed=true\tugi=user")
                    .append(source).append(" (auth:SIMPLE)\tip=/").append(address(source)).append("\tcmd=")
                    .append(command.label());
            tree.apply(command, "user" + source, line);
            line.append("\tproto=rpc\n");
            out.write(line.toString());
        }
        out.flush();
        return spec.commands();
    }

    /**
     * Writes the log of {@code spec} to {@code out} in UTF-8, compressed with gzip if {@code gzip}, and finishes the
     * compressed stream; {@code out} stays open.
     *
     * @return how many lines were written
     */
    public long write(SynthesisSpec spec, OutputStream out, boolean gzip) throws IOException {
        requireNonNull(out, "out is null");
        GZIPOutputStream compressed = gzip ? new GZIPOutputStream(out) : null;
        Writer writer = new BufferedWriter(new OutputStreamWriter(gzip ? compressed : out, StandardCharsets.UTF_8));
        long lines = write(spec, writer);
        if (gzip) {
            compressed.finish();
        }
        return lines;
    }

    /** The index of the weight the draw falls in, the weights laid end to end. */
    private static int drawn(int draw, int[] weights) {
        int k = 0;
        while (draw >= weights[k]) {
            draw -= weights[k];
            k++;
        }
        return k;
    }

    /** The {@code n}th address, from 1: 10.0.0.1, ... 10.0.0.255, 10.0.1.0, ... */
    static String address(int n) {
        return "10." + (n >> 16 & 0xff) + "." + (n >> 8 & 0xff) + "." + (n & 0xff);
    }

    /** The namespace as the log has left it so far, which each command's paths are drawn from. */
    private static final class Tree {
        private final Random random;
        private final int sources;
        private final List<String> dirs = new ArrayList<>();
        private final List<String> files = new ArrayList<>();
        private long expected;
        private long created;
        private long madeDirs;

        Tree(Random random, int sources) {
            this.random = random;
            this.sources = sources;
            for (int d = 0; d < DIRS; d++) {
                dirs.add(ROOT + "/dir" + d);
            }
            for (int f = 0; f < FILES_AT_START; f++) {
                files.add(expectedFile());
            }
        }

        /** Appends {@code command}'s {@code src}, {@code dst} and {@code perm} fields, and does it to the tree. */
        void apply(AuditCommand command, String user, StringBuilder line) {
            String owned = user + ":" + GROUP + ":";
            switch (command) {
                case CREATE:
                    String file = newFile();
                    files.add(file);
                    fields(line, file, null, owned + FILE_PERMISSION);
                    break;
                case MKDIRS:
                    String dir = dir() + "/sub" + madeDirs++;
                    dirs.add(dir);
                    fields(line, dir, null, owned + DIR_PERMISSION);
                    break;
                case DELETE:
                    fields(line, take(), null, null);
                    break;
                case RENAME:
                    String from = take();
                    String to = newFile();
                    files.add(to);
                    fields(line, from, to, owned + FILE_PERMISSION);
                    break;
                case CONCAT:
                    // HDFS concatenates only files of the target's directory.
                    String target = file();
                    String parent = target.substring(0, target.lastIndexOf('/'));
                    fields(line, "[" + parent + "/file" + expected++ + ", " + parent + "/file" + expected++ + "]",
                            target, owned + FILE_PERMISSION);
                    break;
                case LIST_STATUS:
                case CONTENT_SUMMARY:
                    fields(line, dir(), null, null);
                    break;
                case SET_PERMISSION:
                    fields(line, file(), null, owned + PERMISSIONS[random.nextInt(PERMISSIONS.length)]);
                    break;
                case SET_OWNER:
                    fields(line, file(), null, "user" + (1 + random.nextInt(sources)) + ":" + GROUP + ":"
                            + FILE_PERMISSION);
                    break;
                case SET_TIMES:
                case APPEND:
                case TRUNCATE:
                    fields(line, file(), null, owned + FILE_PERMISSION);
                    break;
                default:
                    // open, getfileinfo, setReplication, getAclStatus: logged without the file's status.
                    fields(line, file(), null, null);
                    break;
            }
        }

        /** A null {@code dst} or {@code perm} is written {@code null}, as FSNamesystem writes it. */
        private static void fields(StringBuilder line, String src, String dst, String perm) {
            line.append("\tsrc=").append(src).append("\tdst=").append(dst).append("\tperm=").append(perm);
        }

        private String dir() {
            return dirs.get(random.nextInt(dirs.size()));
        }

        /** A file that exists. */
        private String file() {
            return files.get(fileIndex());
        }

        /** A file that exists, taken away. */
        private String take() {
            int index = fileIndex();
            String taken = files.get(index);
            int last = files.size() - 1;
            files.set(index, files.get(last));
            files.remove(last);
            return taken;
        }

        /** Where a file that exists is in {@link #files}; one more the log expects when none is left. */
        private int fileIndex() {
            if (files.isEmpty()) {
                files.add(expectedFile());
            }
            return random.nextInt(files.size());
        }

        private String expectedFile() {
            long n = expected++;
            return ROOT + "/dir" + n % DIRS + "/file" + n;
        }

        private String newFile() {
            return dir() + "/new" + created++;
        }
    }
}
