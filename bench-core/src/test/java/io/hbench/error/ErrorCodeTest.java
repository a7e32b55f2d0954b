package io.hbench.error;

import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ErrorCodeTest {
    @Test
    void givesEveryErrorItsOwnCode() {
        Map<Integer, ErrorCode> byCode = new HashMap<>();
        for (ErrorCode errorCode : ErrorCode.values()) {
            ErrorCode previous = byCode.put(errorCode.code(), errorCode);
            assertThat(previous).as("code 0x%04x of %s", errorCode.code(), errorCode).isNull();
        }
    }

    @Test
    void keepsEveryCodeWithinTheRangeOfItsKind() {
        for (ErrorCode errorCode : ErrorCode.values()) {
            ErrorKind kind = errorCode.kind();
            assertThat(errorCode.code())
                    .as("%s (0x%04x) of kind %s", errorCode, errorCode.code(), kind)
                    .isGreaterThanOrEqualTo(kind.base())
                    .isLessThan(kind.base() + ErrorKind.RANGE);
        }
    }

    @Test
    void keepsTheRangesOfKindsApart() {
        for (ErrorKind a : ErrorKind.values()) {
            for (ErrorKind b : ErrorKind.values()) {
                if (a != b) {
                    assertThat(Math.abs(a.base() - b.base())).as("%s and %s", a, b).isGreaterThanOrEqualTo(ErrorKind.RANGE);
                }
            }
        }
    }

    @Test
    void mapsUserErrorsToExitStatusTwo() {
        assertThat(ErrorKind.USER_ERROR.exitStatus()).isEqualTo(ExitStatus.USAGE);
        assertThat(ErrorKind.USER_ERROR.exitStatus().code()).isEqualTo(2);
    }

    @Test
    void mapsEveryOtherKindToExitStatusOne() {
        for (ErrorKind kind : ErrorKind.values()) {
            if (kind != ErrorKind.USER_ERROR) {
                assertThat(kind.exitStatus().code()).as(kind.name()).isEqualTo(1);
            }
        }
    }

    @Test
    void givesAnExceptionTheExitStatusOfItsKind() {
        assertThat(new BenchException(ErrorCode.UNSAFE_DIRECTORY, "m").exitStatus().code()).isEqualTo(2);
        assertThat(new BenchException(ErrorCode.VERIFICATION_FAILED, "m").exitStatus().code()).isEqualTo(1);
        assertThat(new BenchException(ErrorCode.INTERNAL_ERROR, "m").exitStatus().code()).isEqualTo(1);
    }

    @Test
    void numbersExitStatusesAsTheDesignSays() {
        assertThat(ExitStatus.SUCCESS.code()).isZero();
        assertThat(ExitStatus.FAILURE.code()).isEqualTo(1);
        assertThat(ExitStatus.USAGE.code()).isEqualTo(2);
    }
}
