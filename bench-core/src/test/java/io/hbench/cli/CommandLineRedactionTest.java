package io.hbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

class CommandLineRedactionTest {
    @Test
    void sensitiveSettingsKeepTheirKeyAndLoseTheirValueInBothSpellings() {
        List<String> given = List.of("-D", "fs.s3a.secret.key=abc", "-Dfs.s3a.bucket.b.secret.key=def", "-D",
                "fs.s3a.access.key=AKIA", "-D", "dfs.replication=1", "-write", "-D");

        assertThat(CommandLineRedaction.redact(given, new Configuration(false))).containsExactly("-D",
                "fs.s3a.secret.key=<redacted>", "-Dfs.s3a.bucket.b.secret.key=<redacted>", "-D",
                "fs.s3a.access.key=AKIA", "-D", "dfs.replication=1", "-write", "-D");
    }
}
