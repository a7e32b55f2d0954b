package io.hbench.fs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import org.apache.hadoop.fs.s3a.auth.NoAwsCredentialsException;
import org.junit.jupiter.api.Test;

class StoreFailuresTest {
    @Test
    void credentialFailuresAreOneLineAndOtherFailuresAreNot() {
        Exception missing = new AccessDeniedException("s3a://data/x: " + new NoAwsCredentialsException("Simple",
                "No AWS credentials in the Hadoop configuration"));
        missing.initCause(new NoAwsCredentialsException("Simple", "No AWS credentials in the Hadoop configuration"));
        Exception refused = new AccessDeniedException("s3a://data/x: getFileStatus on s3a://data/x:"
                + " S3Exception: (Service: S3, Status Code: 403, Request ID: 1)");

        assertThat(StoreFailures.whileRunning(missing)).hasValueSatisfying(e -> assertThat(e.getMessage())
                .startsWith("no credentials for s3a://data: set fs.s3a.bucket.data.access.key and"));
        assertThat(StoreFailures.whileRunning(refused)).hasValueSatisfying(e -> assertThat(e.getMessage())
                .startsWith("s3a://data refused access (HTTP 403): check fs.s3a.bucket.data.access.key"));
        assertThat(StoreFailures.whileRunning(new AccessDeniedException("/tmp/local"))).isEmpty();
        assertThat(StoreFailures.whileRunning(new IOException("s3a://data/x: timed out"))).isEmpty();
    }
}
