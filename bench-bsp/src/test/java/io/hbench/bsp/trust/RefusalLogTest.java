package io.hbench.bsp.trust;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A listener's refusals: the first from each address in full, then counts at most every 5 s and when it closes. */
class RefusalLogTest {
    private static final long SECOND = TimeUnit.SECONDS.toNanos(1);

    private long now = 1000 * SECOND;
    private final List<String> lines = new ArrayList<>();
    private final RefusalLog log = new RefusalLog("the BSP coordinator at 10.1.2.3:40123", lines::add, () -> now);

    @Test
    void theFirstFromAnAddressIsToldInFullAndTheRestCountedAtMostEveryFiveSecondsAndAtTheEnd() throws Exception {
        InetAddress stranger = address(10, 9, 9, 9);
        InetAddress other = address(10, 9, 9, 8);

        log.tell(stranger, () -> "first in full");
        for (int i = 0; i < 40; i++) {
            now += SECOND / 10;
            log.tell(stranger, () -> "not told");
            log.flush();
        }
        log.tell(other, () -> "another address, in full");
        assertThat(lines).containsExactly("first in full", "another address, in full");

        now = 1005 * SECOND;
        assertThat(log.flush()).as("nothing counted is due").isEqualTo(Long.MAX_VALUE);
        assertThat(lines).containsExactly("first in full", "another address, in full",
                "the BSP coordinator at 10.1.2.3:40123 refused 40 more connections from 10.9.9.9 in 5 s");

        now += SECOND;
        log.tell(stranger, () -> "not told");
        assertThat(log.flush()).as("due 5 s after the last count was told").isEqualTo(4 * SECOND);
        now += SECOND / 2;
        log.tell(other, () -> "not told");
        log.close();
        assertThat(lines).containsExactly("first in full", "another address, in full",
                "the BSP coordinator at 10.1.2.3:40123 refused 40 more connections from 10.9.9.9 in 5 s",
                "the BSP coordinator at 10.1.2.3:40123 refused 1 more connection from 10.9.9.9 in 1.5 s",
                "the BSP coordinator at 10.1.2.3:40123 refused 1 more connection from 10.9.9.8 in 2.5 s");
    }

    @Test
    void addressesBeyondTheFirstThousandAreCountedTogether() throws Exception {
        for (int i = 0; i < RefusalLog.MAX_ADDRESSES + 300; i++) {
            log.tell(address(10, 0, i / 256, i % 256), () -> "in full");
        }
        log.close();

        assertThat(lines).hasSize(RefusalLog.MAX_ADDRESSES + 1).endsWith("the BSP coordinator at 10.1.2.3:40123"
                + " refused 300 more connections from addresses beyond the first 1024 in 0.1 s");
    }

    private static InetAddress address(int a, int b, int c, int d) throws Exception {
        return InetAddress.getByAddress(new byte[] {(byte) a, (byte) b, (byte) c, (byte) d});
    }
}
