package io.hbench.replay;

import static java.util.Objects.requireNonNull;

import java.util.Optional;

/**
 * One replayable line of an audit log: when it was logged, who issued it from where, and what it did. Immutable.
 * Paths are as logged (absolute, on the logged cluster); AuditReplay maps them under its prefix.
 */
public final class AuditEntry {
    private final long timeMillis;
    private final String ugi;
    private final String ip;
    private final AuditCommand command;
    private final String src;
    private final Optional<String> dst;
    private final Optional<String> perm;

    /**
     * @param timeMillis the line's timestamp in milliseconds, read as UTC: only the differences between lines count
     * @param ugi the caller as logged, e.g. {@code alice (auth:SIMPLE)}
     * @param ip the caller's address as logged, without the leading {@code /}
     * @param src the path the command worked on; for concat the logged list of sources, {@code [/a, /b]}
     * @param dst a rename's destination or concat's target; empty when logged as {@code null}
     * @param perm {@code owner:group:permission} after the command; empty when logged as {@code null}
     */
    public AuditEntry(long timeMillis, String ugi, String ip, AuditCommand command, String src, Optional<String> dst,
            Optional<String> perm) {
        this.timeMillis = timeMillis;
        this.ugi = requireNonNull(ugi, "ugi is null");
        this.ip = requireNonNull(ip, "ip is null");
        this.command = requireNonNull(command, "command is null");
        this.src = requireNonNull(src, "src is null");
        this.dst = requireNonNull(dst, "dst is null");
        this.perm = requireNonNull(perm, "perm is null");
    }

    public long timeMillis() {
        return timeMillis;
    }

    public String ugi() {
        return ugi;
    }

    /** The short name of the caller: {@code alice} for {@code alice (auth:SIMPLE)}, or for a proxied call. */
    public String user() {
        int space = ugi.indexOf(' ');
        return space < 0 ? ugi : ugi.substring(0, space);
    }

    public String ip() {
        return ip;
    }

    public AuditCommand command() {
        return command;
    }

    public String src() {
        return src;
    }

    public Optional<String> dst() {
        return dst;
    }

    public Optional<String> perm() {
        return perm;
    }

    @Override
    public String toString() {
        return command.label() + " " + src + dst.map(d -> " -> " + d).orElse("") + " by " + user() + " from " + ip
                + " at " + timeMillis;
    }
}
