package io.hbench.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class AuditLineTest {
    private static final String PREFIX = "2026-01-05 10:00:00,123 INFO FSNamesystem.audit: ";
    /** 2026-01-05 10:00:00,123 UTC. */
    private static final long TIME = 1_767_607_200_123L;

    private static String line(String allowed, String ugi, String cmd, String src, String dst, String perm) {
        return PREFIX + "allowed=" + allowed + "\tugi=" + ugi + "\tip=/10.0.0.5\tcmd=" + cmd + "\tsrc=" + src
                + "\tdst=" + dst + "\tperm=" + perm + "\tproto=rpc";
    }

    private static AuditEntry entry(String line) {
        AuditLine parsed = AuditLine.parse(line);
        assertThat(parsed.kind()).as(parsed.toString()).isEqualTo(AuditLine.Kind.REPLAYABLE);
        return parsed.entry().orElseThrow();
    }

    @ParameterizedTest
    @EnumSource(AuditCommand.class)
    void readsEveryReplayableCommandAsLogged(AuditCommand command) {
        AuditEntry entry = entry(line("true", "alice (auth:SIMPLE)", command.label(), "/data/a", "null", "null"));

        assertThat(entry.command()).isEqualTo(command);
        assertThat(entry.timeMillis()).isEqualTo(TIME);
        assertThat(entry.ugi()).isEqualTo("alice (auth:SIMPLE)");
        assertThat(entry.user()).isEqualTo("alice");
        assertThat(entry.ip()).isEqualTo("10.0.0.5");
        assertThat(entry.src()).isEqualTo("/data/a");
        assertThat(entry.dst()).isEmpty();
        assertThat(entry.perm()).isEmpty();
    }

    @Test
    void readsTheTimestampAsUtcMilliseconds() {
        AuditLine parsed = AuditLine.parse("1970-01-02 00:00:01,002 INFO FSNamesystem.audit: allowed=true\tugi=a"
                + "\tip=/1.2.3.4\tcmd=open\tsrc=/a\tdst=null\tperm=null\tproto=rpc");

        assertThat(parsed.timeMillis()).isEqualTo(86_401_002L);
    }

    @Test
    void readsARenameWithOptionsAndItsDestination() {
        AuditEntry entry = entry(line("true", "alice (auth:SIMPLE)", "rename (options=[OVERWRITE])", "/data/a",
                "/data/b", "alice:hadoop:rw-r--r--"));

        assertThat(entry.command()).isEqualTo(AuditCommand.RENAME);
        assertThat(entry.dst()).contains("/data/b");
        assertThat(entry.perm()).contains("alice:hadoop:rw-r--r--");
    }

    @Test
    void readsConcatsListOfSourcesAndItsTarget() {
        AuditEntry entry = entry(line("true", "alice (auth:SIMPLE)", "concat", "[/data/a, /data/b]", "/data/t",
                "alice:hadoop:rw-r--r--"));

        assertThat(entry.command()).isEqualTo(AuditCommand.CONCAT);
        assertThat(entry.src()).isEqualTo("[/data/a, /data/b]");
        assertThat(entry.dst()).contains("/data/t");
    }

    @Test
    void readsAProxiedCallerWhoseShortNameIsTheProxiedUser() {
        AuditEntry entry = entry(line("true", "bob (auth:PROXY) via alice (auth:KERBEROS)", "open", "/a", "null",
                "null"));

        assertThat(entry.ugi()).isEqualTo("bob (auth:PROXY) via alice (auth:KERBEROS)");
        assertThat(entry.user()).isEqualTo("bob");
    }

    @Test
    void readsALineWithACallerContextAndOneWithoutAlike() {
        String plain = line("true", "alice (auth:SIMPLE)", "open", "/data/a", "null", "null");

        AuditEntry withContext = entry(plain + "\tcallerContext=mr_attempt_1:with\ttab");

        assertThat(withContext.src()).isEqualTo("/data/a");
        assertThat(withContext.toString()).isEqualTo(entry(plain).toString());
    }

    @Test
    void readsALineOfWebHdfsWithATrackingIdAndOneWithoutProto() {
        AuditEntry webhdfs = entry(PREFIX + "allowed=true\tugi=a\tip=/1.2.3.4\tcmd=mkdirs\tsrc=/d\tdst=null"
                + "\tperm=a:g:rwxr-xr-x\ttrackingId=abc\tproto=webhdfs");
        AuditEntry old = entry(PREFIX + "allowed=true\tugi=a\tip=/1.2.3.4\tcmd=mkdirs\tsrc=/d\tdst=null"
                + "\tperm=a:g:rwxr-xr-x");

        assertThat(webhdfs.perm()).contains("a:g:rwxr-xr-x");
        assertThat(old.perm()).contains("a:g:rwxr-xr-x");
    }

    @Test
    void keepsATabInAPathWithThePath() {
        AuditEntry entry = entry(line("true", "alice (auth:SIMPLE)", "rename", "/data/a\tb", "/data/c\td\t",
                "alice:hadoop:rw-r--r--"));

        assertThat(entry.src()).isEqualTo("/data/a\tb");
        assertThat(entry.dst()).contains("/data/c\td\t");
        assertThat(entry.perm()).contains("alice:hadoop:rw-r--r--");
    }

    @Test
    void keepsAUnicodePath() {
        AuditEntry entry = entry(line("true", "alice (auth:SIMPLE)", "create", "/données/日本語/🙂", "null",
                "alice:hadoop:rw-r--r--"));

        assertThat(entry.src()).isEqualTo("/données/日本語/🙂");
    }

    @Test
    void tellsARefusedCommandByItsTimeAndName() {
        AuditLine parsed = AuditLine.parse(line("false", "eve (auth:SIMPLE)", "delete", "/data/a", "null", "null"));

        assertThat(parsed.kind()).isEqualTo(AuditLine.Kind.NOT_ALLOWED);
        assertThat(parsed.entry()).isEmpty();
        assertThat(parsed.timeMillis()).isEqualTo(TIME);
        assertThat(parsed.command()).isEqualTo("delete");
        assertThat(parsed.skippedAs()).isEqualTo(SkippedLines.NOT_ALLOWED);
    }

    @Test
    void namesACommandItDoesNotReplay() {
        AuditLine parsed = AuditLine.parse(line("true", "hdfs (auth:SIMPLE)", "listCachePools", "null", "null",
                "null"));

        assertThat(parsed.kind()).isEqualTo(AuditLine.Kind.UNREPLAYABLE);
        assertThat(parsed.command()).isEqualTo("listCachePools");
        assertThat(parsed.skippedAs()).isEqualTo("listCachePools");
    }

    @Test
    void saysWhyALineCannotBeRead() {
        assertThat(reason("")).isEqualTo("bad timestamp");
        assertThat(reason("a stack trace line of some other logger")).isEqualTo("bad timestamp");
        assertThat(reason("2026-13-05 10:00:00,123 INFO FSNamesystem.audit: allowed=true")).isEqualTo("bad timestamp");
        assertThat(reason("2026-02-30 10:00:00,123 INFO FSNamesystem.audit: allowed=true")).isEqualTo("bad timestamp");
        assertThat(reason("2026-01-05 10:00:00 INFO FSNamesystem.audit: allowed=true")).isEqualTo("bad timestamp");
        assertThat(reason(PREFIX + "something else")).isEqualTo("no allowed=");
        assertThat(reason(PREFIX + "allowed=true\tugi=a\tip=/1.2.3.4\tsrc=/a\tdst=null\tperm=null"))
                .isEqualTo("no cmd=");
        assertThat(reason(PREFIX + "allowed=true\tugi=a\tip=/1.2.3.4\tcmd=open\tsrc=/a")).isEqualTo("no dst=");
        assertThat(reason(line("maybe", "a", "open", "/a", "null", "null")))
                .isEqualTo("allowed=maybe is neither true nor false");
        assertThat(reason(line("true", "a", "open", "null", "null", "null"))).isEqualTo("no path in src=");
        assertThat(reason(line("true", "a", "", "/a", "null", "null"))).isEqualTo("no command in cmd=");
    }

    @Test
    void sharesTheValuesThatRepeat() {
        String shared = "shared";

        AuditEntry entry = AuditLine.parse(line("true", "alice (auth:SIMPLE)", "mkdirs", "/d", "null", "a:g:rwx------"),
                value -> shared).entry().orElseThrow();

        assertThat(entry.ugi()).isSameAs(shared);
        assertThat(entry.ip()).isSameAs(shared);
        assertThat(entry.perm()).isEqualTo(Optional.of(shared));
        assertThat(entry.src()).isEqualTo("/d");
    }

    @Test
    void refusesToTellTheTimeOfALineItCannotRead() {
        AuditLine parsed = AuditLine.parse("garbage");

        assertThat(parsed.skippedAs()).isEqualTo(SkippedLines.UNPARSABLE);
        assertThatThrownBy(parsed::timeMillis).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(parsed::command).isInstanceOf(IllegalStateException.class);
    }

    private static String reason(String line) {
        AuditLine parsed = AuditLine.parse(line);
        assertThat(parsed.kind()).isEqualTo(AuditLine.Kind.UNPARSABLE);
        return parsed.reason();
    }
}
