package io.hbench.error;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ExitStatusTest {
    @Test
    void aRunStoppedByASignalExitsWith128PlusItsNumberAsShellsReportIt() {
        assertThat(ExitStatus.afterSignal("INT")).contains(ExitStatus.INTERRUPTED);
        assertThat(ExitStatus.afterSignal("TERM")).contains(ExitStatus.TERMINATED);
        assertThat(ExitStatus.INTERRUPTED.code()).isEqualTo(128 + 2);
        assertThat(ExitStatus.TERMINATED.code()).isEqualTo(128 + 15);
    }

    @Test
    void noOtherSignalHasAStatusOfItsOwn() {
        assertThat(ExitStatus.afterSignal("HUP")).isEmpty();
    }
}
