package io.hbench.replay;

import static java.util.Objects.requireNonNull;

import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.UnaryOperator;

/**
 * One line of a NameNode's audit log ({@code FSNamesystem.audit}), read: a replayable {@link AuditEntry}, a command
 * the NameNode refused ({@code allowed=false}), a command AuditReplay does not replay, or a line it cannot read and
 * why. Immutable.
 *
 * <p>The line is log4j's timestamp, anything (level, logger), then {@code FSNamesystem}'s tab-separated fields:
 * <pre>
 * 2026-01-05 10:00:00,123 INFO FSNamesystem.audit: allowed=true	ugi=alice (auth:SIMPLE)	ip=/10.0.0.5	cmd=open
 *     src=/data/a	dst=null	perm=null	proto=rpc[	callerContext=...]
 * </pre>
 * A path may hold a tab, so a tab ends a value only where the next field's key follows it; anything else after a tab
 * belongs to the value before. {@code trackingId=} (logged with {@code dfs.namenode.audit.log.token.tracking.id}),
 * {@code proto=} (absent from old logs) and {@code callerContext=} may be missing.
 */
public final class AuditLine {
    /** What a line is to a replay. */
    public enum Kind {
        REPLAYABLE,
        NOT_ALLOWED,
        UNREPLAYABLE,
        UNPARSABLE
    }

    private static final String[] KEYS =
            {"allowed=", "ugi=", "ip=", "cmd=", "src=", "dst=", "perm=", "trackingId=", "proto=", "callerContext="};
    private static final int UGI = 1;
    private static final int IP = 2;
    private static final int CMD = 3;
    private static final int SRC = 4;
    private static final int DST = 5;
    private static final int PERM = 6;
    /** Keys from here on may be missing. */
    private static final int FIRST_OPTIONAL = 7;
    private static final String NULL = "null";

    private final Kind kind;
    private final long timeMillis;
    private final String detail;
    private final AuditEntry entry;

    private AuditLine(Kind kind, long timeMillis, String detail, AuditEntry entry) {
        this.kind = kind;
        this.timeMillis = timeMillis;
        this.detail = detail;
        this.entry = entry;
    }

    /** Reads {@code line}, one line of an audit log without its line break. */
    public static AuditLine parse(String line) {
        return parse(line, UnaryOperator.identity());
    }

    /**
     * Reads {@code line}, passing the values that repeat from line to line ({@code ugi}, {@code ip}, {@code perm})
     * through {@code repeated}, so that a reader of millions of lines can keep one copy of each.
     */
    public static AuditLine parse(String line, UnaryOperator<String> repeated) {
        requireNonNull(line, "line is null");
        requireNonNull(repeated, "repeated is null");
        OptionalLong time = AuditTime.parse(line);
        if (time.isEmpty()) {
            return unparsable("bad timestamp");
        }
        int allowed = line.indexOf(KEYS[0], AuditTime.LENGTH);
        if (allowed < 0) {
            return unparsable("no " + KEYS[0]);
        }
        String[] values = fields(line, allowed);
        for (int key = 0; key < FIRST_OPTIONAL; key++) {
            if (values[key] == null) {
                return unparsable("no " + KEYS[key]);
            }
        }
        long millis = time.getAsLong();
        String cmd = values[CMD];
        if (cmd.isEmpty()) {
            return unparsable("no command in " + KEYS[CMD]);
        }
        if (values[0].equals("false")) {
            return new AuditLine(Kind.NOT_ALLOWED, millis, cmd, null);
        }
        if (!values[0].equals("true")) {
            return unparsable(KEYS[0] + values[0] + " is neither true nor false");
        }
        Optional<AuditCommand> command = AuditCommand.byLogName(cmd);
        if (command.isEmpty()) {
            return new AuditLine(Kind.UNREPLAYABLE, millis, cmd, null);
        }
        if (values[SRC].isEmpty() || values[SRC].equals(NULL)) {
            return unparsable("no path in " + KEYS[SRC]);
        }
        String ip = values[IP].startsWith("/") ? values[IP].substring(1) : values[IP];
        AuditEntry entry = new AuditEntry(millis, repeated.apply(values[UGI]), repeated.apply(ip), command.get(),
                values[SRC], orEmpty(values[DST]), orEmpty(values[PERM]).map(repeated));
        return new AuditLine(Kind.REPLAYABLE, millis, cmd, entry);
    }

    /**
     * The values of the fields from {@code start}, where {@code allowed=} is, indexed as {@link #KEYS}; null for a
     * field the line lacks.
     */
    private static String[] fields(String line, int start) {
        String[] values = new String[KEYS.length];
        int key = 0;
        int valueStart = start + KEYS[0].length();
        int tab = line.indexOf('\t', valueStart);
        while (tab >= 0) {
            int next = keyAfter(line, tab + 1, key);
            if (next >= 0) {
                values[key] = line.substring(valueStart, tab);
                key = next;
                valueStart = tab + 1 + KEYS[next].length();
            }
            tab = line.indexOf('\t', tab + 1);
        }
        values[key] = line.substring(valueStart);
        return values;
    }

    /** The key that starts at {@code at}, if it may follow {@code key}: the next one, or one after optional ones. */
    private static int keyAfter(String line, int at, int key) {
        for (int next = key + 1; next < KEYS.length; next++) {
            if (line.startsWith(KEYS[next], at)) {
                return next;
            }
            if (next < FIRST_OPTIONAL) {
                return -1;
            }
        }
        return -1;
    }

    private static Optional<String> orEmpty(String value) {
        return value.equals(NULL) ? Optional.empty() : Optional.of(value);
    }

    private static AuditLine unparsable(String reason) {
        return new AuditLine(Kind.UNPARSABLE, 0, reason, null);
    }

    public Kind kind() {
        return kind;
    }

    /** The replayable entry; empty for a line of any other kind. */
    public Optional<AuditEntry> entry() {
        return Optional.ofNullable(entry);
    }

    /**
     * When the line was logged, in milliseconds read as UTC.
     *
     * @throws IllegalStateException for an unparsable line
     */
    public long timeMillis() {
        requireParsed();
        return timeMillis;
    }

    /**
     * The {@code cmd=} value as logged, e.g. {@code listCachePools} or {@code rename (options=[OVERWRITE])}.
     *
     * @throws IllegalStateException for an unparsable line
     */
    public String command() {
        requireParsed();
        return detail;
    }

    /**
     * Why the line cannot be read, briefly: {@code bad timestamp}, {@code no cmd=}.
     *
     * @throws IllegalStateException for a line that could be read
     */
    public String reason() {
        if (kind != Kind.UNPARSABLE) {
            throw new IllegalStateException("a line of kind " + kind + " has no reason: " + this);
        }
        return detail;
    }

    /**
     * The reason a line that is not replayed is counted under in {@link SkippedLines}: {@link SkippedLines#NOT_ALLOWED},
     * {@link SkippedLines#UNPARSABLE} or the unreplayable command's name.
     *
     * @throws IllegalStateException for a replayable line
     */
    public String skippedAs() {
        switch (kind) {
            case NOT_ALLOWED:
                return SkippedLines.NOT_ALLOWED;
            case UNREPLAYABLE:
                return detail;
            case UNPARSABLE:
                return SkippedLines.UNPARSABLE;
            default:
                throw new IllegalStateException("a replayable line is not skipped: " + this);
        }
    }

    private void requireParsed() {
        if (kind == Kind.UNPARSABLE) {
            throw new IllegalStateException("an unparsable line has no time or command: " + detail);
        }
    }

    @Override
    public String toString() {
        return kind == Kind.REPLAYABLE ? entry.toString() : kind + " " + detail;
    }
}
