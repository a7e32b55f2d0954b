package io.hbench.bsp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ReceiptLedgerTest {
    private static final int SOURCE = 1;

    @Test
    void countsBytesPerSourceAndSuperstep() {
        ReceiptLedger ledger = new ReceiptLedger(2);

        ledger.add(SOURCE, 10);
        ledger.add(SOURCE, 5);
        ledger.endStep(SOURCE, 0);
        ledger.add(SOURCE, 7);

        assertThat(ledger.received(SOURCE, 0)).isEqualTo(15);
        assertThat(ledger.received(SOURCE, 1)).isEqualTo(7);
        assertThat(ledger.received(0, 0)).isZero();
    }

    @Test
    void keepsThisPeersSuperstepWhileASourceHasEndedTheNextOneToo() {
        // This peer waits in the barrier of superstep 4; a source that has every marker of 4 but this peer's own
        // sends its messages of 5 and ends 5 as well.
        ReceiptLedger ledger = new ReceiptLedger(2);
        for (int step = 0; step < 4; step++) {
            ledger.endStep(SOURCE, step);
        }
        ledger.add(SOURCE, 100);
        ledger.endStep(SOURCE, 4);
        ledger.add(SOURCE, 20);
        ledger.endStep(SOURCE, 5);

        assertThat(ledger.received(SOURCE, 4)).isEqualTo(100);
        assertThat(ledger.received(SOURCE, 5)).isEqualTo(20);
        assertThat(ledger.received(SOURCE, 6)).isZero();
    }

    @Test
    void anEndedSuperstepIsSeenByItsWaiter() throws InterruptedException {
        ReceiptLedger ledger = new ReceiptLedger(2);
        long deadline = System.nanoTime();

        assertThat(ledger.awaitEnd(SOURCE, 0, deadline)).isFalse();
        ledger.endStep(SOURCE, 0);
        assertThat(ledger.awaitEnd(SOURCE, 0, deadline)).isTrue();
    }
}
