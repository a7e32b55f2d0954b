package io.hbench.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbench.error.BenchException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class LogSplitTest {
    private static AuditEntry line(long time, String ip, String src) {
        return new AuditEntry(time, "alice (auth:SIMPLE)", ip, AuditCommand.GET_FILE_INFO, src, Optional.empty(),
                Optional.empty());
    }

    @Test
    void splittingByIpDealsTheSourcesInTurnAndKeepsEachSourcesOrderOnOneClient() {
        List<AuditEntry> log = List.of(line(0, "10.0.0.9", "/a"), line(1, "10.0.0.2", "/b"),
                line(2, "10.0.0.9", "/c"), line(3, "10.0.0.5", "/d"), line(4, "10.0.0.2", "/e"));

        List<List<AuditEntry>> shares = LogSplit.IP.shares(log, 2);

        assertThat(shares.get(0)).extracting(AuditEntry::src).containsExactly("/a", "/c", "/d");
        assertThat(shares.get(1)).extracting(AuditEntry::src).containsExactly("/b", "/e");
    }

    @Test
    void splittingByPathKeepsEachPathsCommandsOnOneClient() {
        List<AuditEntry> log = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            log.add(line(i, "10.0.0.1", "/dir/f" + (i % 10)));
        }

        List<List<AuditEntry>> shares = LogSplit.PATH.shares(log, 3);

        assertThat(shares.stream().mapToInt(List::size).sum()).isEqualTo(100);
        for (List<AuditEntry> share : shares) {
            for (AuditEntry entry : share) {
                assertThat(shares.stream().filter(other -> other.stream().anyMatch(e -> e.src().equals(entry.src()))))
                        .as(entry.src()).hasSize(1);
            }
            assertThat(share).isSortedAccordingTo((a, b) -> Long.compare(a.timeMillis(), b.timeMillis()));
        }
    }

    @Test
    void moreClientsThanSourcesIsRefusedNamingWhatToGive() {
        List<AuditEntry> log = List.of(line(0, "10.0.0.1", "/a"), line(1, "10.0.0.2", "/b"));

        assertThatThrownBy(() -> LogSplit.IP.shares(log, 3)).isInstanceOf(BenchException.class)
                .hasMessage("-clients 3: the log comes from 2 source addresses, so client 2 would replay nothing;"
                        + " give -clients 2 or fewer, or -split path");
    }
}
