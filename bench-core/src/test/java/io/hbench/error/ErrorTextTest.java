package io.hbench.error;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.FileNotFoundException;
import java.io.IOException;
import org.junit.jupiter.api.Test;

class ErrorTextTest {
    @Test
    void aMessageOfManyLinesIsSaidByItsFirstTrimmed() {
        assertThat(ErrorText.firstLine(new IOException("  No such file: /a  \n\tat somewhere\nmore")))
                .isEqualTo("No such file: /a");
        assertThat(ErrorText.firstLine(new IOException("one line"))).isEqualTo("one line");
    }

    @Test
    void aMissingEmptyOrBlankMessageIsSaidByTheClassName() {
        assertThat(ErrorText.firstLine(new FileNotFoundException())).isEqualTo("FileNotFoundException");
        assertThat(ErrorText.firstLine(new IOException(""))).isEqualTo("IOException");
        assertThat(ErrorText.firstLine(new IOException(" \n\t\n"))).isEqualTo("IOException");
    }

    @Test
    void blankLinesBeforeTheMessageAreSkipped() {
        assertThat(ErrorText.firstLine(new IllegalStateException("\n  \nthe store refused the call")))
                .isEqualTo("the store refused the call");
    }

    @Test
    void aCauseIsTheOutermostMessageWithWordsOfItsOwnWithoutClassNames() {
        IOException refused = new IOException("Call From client/10.0.0.1 to nn:8020 failed on connection exception:"
                + " java.net.ConnectException: Connection refused; For more details see:"
                + "  http://wiki.apache.org/hadoop/ConnectionRefused", new java.net.ConnectException("Connection refused"));
        // The local job runner's wrapper repeats its cause's class and message: it says nothing of its own.
        Exception wrapped = new Exception(new RuntimeException(refused));

        assertThat(ErrorText.cause(wrapped))
                .isEqualTo("Call From client/10.0.0.1 to nn:8020 failed on connection exception: Connection refused");
    }

    @Test
    void aCauseWithNoWordsAnywhereIsTheInnermostClassName() {
        assertThat(ErrorText.cause(new Exception(new NullPointerException()))).isEqualTo("NullPointerException");
        assertThat(ErrorText.cause(new IOException(" "))).isEqualTo("IOException");
    }

    @Test
    void aCauseOfAChainThatLoopsIsStillSaid() {
        IOException first = new IOException();
        IOException second = new IOException(first);
        first.initCause(second);

        assertThat(ErrorText.cause(second)).isEqualTo("IOException");
    }

    @Test
    void plainWordsDropYarnsErrorPrefixClassNamesAndEverythingAfterTheFirstLine() {
        assertThat(ErrorText.plain("Error: java.io.IOException: could not write /a/b: Connection refused\n"
                + "\tat io.hbench.dfsio.FileIo.run(FileIo.java:107)\n")).isEqualTo("could not write /a/b: Connection refused");
        assertThat(ErrorText.plain("org.apache.hadoop.ipc.RemoteException(java.io.FileNotFoundException): File does"
                + " not exist: /a")).isEqualTo("File does not exist: /a");
        assertThat(ErrorText.plain("Error: java.lang.NullPointerException\n\tat a.B.c(B.java:1)"))
                .isEqualTo("NullPointerException");
        assertThat(ErrorText.plain("\n  \n")).isEmpty();
        assertThat(ErrorText.plain(null)).isEmpty();
    }

    @Test
    void plainWordsKeepAPathBeforeAColon() {
        assertThat(ErrorText.plain("s3a://hbench/dfsio/io_data/test_io_2: not a SequenceFile"))
                .isEqualTo("s3a://hbench/dfsio/io_data/test_io_2: not a SequenceFile");
    }
}
