package io.hbench.bsp.transport;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ReceiptLedgerTest {
    private static final int SOURCE = 1;

    @Test
    void countsBytesPerSourceAndSuperstepAndInAll() {
        ReceiptLedger ledger = new ReceiptLedger(3, 2);

        ledger.add(SOURCE, 0, 10);
        ledger.add(SOURCE, 0, 5);
        ledger.add(2, 0, 1);
        ledger.add(SOURCE, 1, 7);

        assertThat(ledger.received(SOURCE, 0)).isEqualTo(15);
        assertThat(ledger.received(SOURCE, 1)).isEqualTo(7);
        assertThat(ledger.received(0, 0)).isZero();
        assertThat(ledger.total(0)).isEqualTo(16);
        assertThat(ledger.total(1)).isEqualTo(7);
    }

    @Test
    void keepsThisPeersSuperstepWhileASourceSendsInTheNextOne() {
        // This peer waits in the barrier of superstep 4; a source that has left it sends its messages of 5.
        ReceiptLedger ledger = new ReceiptLedger(2, 1);
        for (int step = 0; step < 4; step++) {
            ledger.add(SOURCE, step, 1000);
        }
        ledger.add(SOURCE, 4, 100);
        ledger.add(SOURCE, 5, 20);

        assertThat(ledger.received(SOURCE, 4)).isEqualTo(100);
        assertThat(ledger.received(SOURCE, 5)).isEqualTo(20);
        assertThat(ledger.total(4)).isEqualTo(100);
        assertThat(ledger.received(SOURCE, 6)).isZero();
        assertThat(ledger.total(6)).isZero();
    }

    @Test
    void aTokenIsSeenByItsWaiterAndOnlyTheNextOneIsTaken() throws InterruptedException {
        ReceiptLedger ledger = new ReceiptLedger(2, 2);
        long deadline = System.nanoTime();

        assertThat(ledger.awaitToken(1, 0, deadline)).isFalse();
        assertThat(ledger.token(1, 1)).as("a token of a barrier not yet due").isFalse();
        assertThat(ledger.token(1, 0)).isTrue();
        assertThat(ledger.token(1, 1)).as("the partner went on to the next barrier").isTrue();

        assertThat(ledger.awaitToken(1, 0, deadline)).isTrue();
        assertThat(ledger.awaitToken(1, 1, deadline)).isTrue();
        assertThat(ledger.awaitToken(1, 2, deadline)).isFalse();
        assertThat(ledger.awaitToken(0, 0, deadline)).as("another round's").isFalse();
    }
}
