package io.hbench.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(10)
class AwaitTest {
    @Test
    void returnsOnceTheConditionHoldsHavingAskedUntilThen() throws Exception {
        AtomicInteger asked = new AtomicInteger();

        Await.until("the third question", Duration.ofSeconds(5), () -> asked.incrementAndGet() == 3);

        assertThat(asked).hasValue(3);
    }

    @Test
    void failsNamingWhatItWaitedForOnceTheBoundHasPassed() {
        assertThatThrownBy(() -> Await.until("nothing", Duration.ofMillis(50), () -> false))
                .isInstanceOf(AssertionError.class).hasMessage("waited 50 ms for nothing");
    }

    @Test
    void whatTheConditionThrowsEndsTheWait() {
        IOException broken = new IOException("broken");

        assertThatThrownBy(() -> Await.until("a broken condition", Duration.ofSeconds(5), () -> {
            throw broken;
        })).isSameAs(broken);
    }
}
