package io.hbench.replay;

import static java.util.Objects.requireNonNull;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How a replay from many clients ({@code -clients N}) shares a log among them, so that what must stay in order stays
 * on one client: by the address a line came from ({@link #IP}, the default, as Dynamometer advises: each source's
 * commands keep their order), or by the path a line works on ({@link #PATH}: each path's commands keep theirs).
 * Either way the share of a line depends on the log alone, so every client computes the same shares from it.
 */
public enum LogSplit {
    /**
     * The source addresses, in the order they first appear, dealt to the clients in turn: as even as the sources
     * allow, and no client gets two sources before every client has one.
     */
    IP("ip"),
    /** A hash of the line's path: many paths spread evenly, whatever the sources. */
    PATH("path");

    private final String label;

    LogSplit(String label) {
        this.label = label;
    }

    /** The name on the command line ({@code -split}) and in results. */
    public String label() {
        return label;
    }

    public static Optional<LogSplit> byLabel(String label) {
        return Arrays.stream(values()).filter(split -> split.label.equals(label)).findFirst();
    }

    /**
     * The clients' shares of {@code entries}: share c holds, in log order, the lines of client c.
     *
     * @throws BenchException of kind user error if a client would get nothing to replay
     */
    public List<List<AuditEntry>> shares(List<AuditEntry> entries, int clients) {
        requireNonNull(entries, "entries is null");
        if (clients < 1) {
            throw new IllegalArgumentException("clients must be at least 1, got " + clients);
        }
        List<List<AuditEntry>> shares = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            shares.add(new ArrayList<>());
        }
        Map<String, Integer> clientOfSource = new HashMap<>();
        for (AuditEntry entry : entries) {
            int client = this == IP
                    ? clientOfSource.computeIfAbsent(entry.ip(), ip -> clientOfSource.size() % clients)
                    : Math.floorMod(entry.src().hashCode(), clients);
            shares.get(client).add(entry);
        }
        for (int c = 0; c < clients; c++) {
            if (shares.get(c).isEmpty()) {
                throw new BenchException(ErrorCode.INVALID_ARGUMENT, this == IP
                        ? "-clients " + clients + ": the log comes from " + clientOfSource.size() + " source addresses,"
                                + " so client " + c + " would replay nothing; give -clients " + clientOfSource.size()
                                + " or fewer, or -split path"
                        : "-clients " + clients + " -split path: no path of the log falls to client " + c
                                + "; give fewer -clients");
            }
        }
        return shares;
    }
}
