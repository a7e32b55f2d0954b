package io.hbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.error.InvalidOptionException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ExitMappingTest {
    private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
    private final ExitMapping exits = new ExitMapping("Prog", new PrintStream(errBytes, true, StandardCharsets.UTF_8),
            FlagNames.SAME.with("baseDir", "-rootDir"), false);

    private String err() {
        return errBytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aRefusalOfTheCommandLineIsItsReasonAndAPointerToHelp() {
        assertThat(exits.statusOf(new BenchException(ErrorCode.UNKNOWN_OPTION, "unknown option -nrFile"), false))
                .isEqualTo(2);
        assertThat(err()).isEqualTo("Prog: unknown option -nrFile\nRun 'Prog -help' for usage.\n");
    }

    @Test
    void aRefusalOfTheOptionsNamesThemByTheirFlags() {
        assertThat(exits.statusOf(new InvalidOptionException("{} must be absolute", "baseDir"), false)).isEqualTo(2);
        assertThat(err()).isEqualTo("Prog: -rootDir must be absolute\nRun 'Prog -help' for usage.\n");
    }

    @Test
    void aRefusalThatIsNotAboutTheCommandLineIsOneLine() {
        assertThat(exits.statusOf(new BenchException(ErrorCode.UNSAFE_DIRECTORY, "/data holds data hbench did not"
                + " create"), true)).isEqualTo(2);
        assertThat(err()).isEqualTo("Prog: /data holds data hbench did not create\n");
    }

    @Test
    void anInputThatCannotBeReadIsOneLineAndExitTwo() {
        assertThat(exits.inputRefused(new IOException("/r.json: no such file"))).isEqualTo(2);
        assertThat(err()).isEqualTo("Prog: /r.json: no such file\n");
    }

    @Test
    void aFailureWhileRunningIsOneLineAndExitOne() {
        assertThat(exits.statusOf(new BenchException(ErrorCode.JOB_FAILED, "job_1 failed"), true)).isEqualTo(1);
        assertThat(exits.statusOf(new IllegalArgumentException("bad record"), true)).isEqualTo(1);
        assertThat(err()).isEqualTo("Prog: job_1 failed\nProg: internal error: bad record (rerun with -D"
                + " hbench.debug=true for details)\n");
    }

    @Test
    void aFailureWhileRunningNamesHadoopsLogAndARefusalDoesNot() {
        ExitMapping naming = exits.namingHadoopLog(Optional.of(Paths.get("/tmp/hbench-u/logs/Prog-1.log")));

        assertThat(naming.statusOf(new BenchException(ErrorCode.JOB_FAILED, "job_1 failed"), true)).isEqualTo(1);
        assertThat(naming.statusOf(new IOException("connection refused"), true)).isEqualTo(1);
        assertThat(naming.statusOf(new BenchException(ErrorCode.MISSING_INPUT, "nothing to read"), true)).isEqualTo(2);
        assertThat(err()).isEqualTo("Prog: job_1 failed (Hadoop's log: /tmp/hbench-u/logs/Prog-1.log)\n"
                + "Prog: connection refused (Hadoop's log: /tmp/hbench-u/logs/Prog-1.log)\n"
                + "Prog: nothing to read\n");
    }
}
