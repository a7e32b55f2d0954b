package io.hbench.cli;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.ConfigRedactor;
import org.apache.hadoop.conf.Configuration;

/**
 * A command line as a result records it: every {@code -D key=value} whose key Hadoop's redactor calls sensitive
 * ({@code hadoop.security.sensitive-config-keys}: secret keys, passwords, tokens) keeps its key and loses its value,
 * so that a result file, which people share, never carries a credential someone typed.
 */
final class CommandLineRedaction {
    private CommandLineRedaction() {
    }

    static List<String> redact(List<String> arguments, Configuration conf) {
        ConfigRedactor redactor = new ConfigRedactor(conf);
        List<String> redacted = new ArrayList<>(arguments.size());
        boolean setting = false;
        for (String argument : arguments) {
            if (setting) {
                redacted.add(redactSetting(argument, redactor));
            } else if (argument.startsWith("-D") && argument.length() > 2) {
                redacted.add("-D" + redactSetting(argument.substring(2), redactor));
            } else {
                redacted.add(argument);
            }
            setting = argument.equals("-D");
        }
        return redacted;
    }

    private static String redactSetting(String setting, ConfigRedactor redactor) {
        int equals = setting.indexOf('=');
        if (equals < 0) {
            return setting;
        }
        String key = setting.substring(0, equals);
        return key + "=" + redactor.redact(key, setting.substring(equals + 1));
    }
}
