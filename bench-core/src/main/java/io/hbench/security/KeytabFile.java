package io.hbench.security;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.apache.kerby.kerberos.kerb.keytab.Keytab;
import org.apache.kerby.kerberos.kerb.type.base.PrincipalName;

/**
 * Checks, before any KDC is asked, that {@code -keytab} names a keytab this user can read and that it
 * holds a key for {@code -principal}; otherwise Java's login says only "Unable to obtain password from
 * user". Only the principals' names are taken from it, and only names go into messages.
 */
final class KeytabFile {
    /** Every keytab starts with 5, then its format version: 1 (native byte order) or 2 (big-endian). */
    private static final int KEYTAB_MAGIC = 0x05;

    private KeytabFile() {
    }

    /** @param principal with its realm */
    static void requireKeyFor(Path file, String principal) {
        if (!Files.exists(file)) {
            throw unreadable(file, "no such file");
        }
        if (!Files.isRegularFile(file)) {
            throw unreadable(file, "not a regular file");
        }
        if (!Files.isReadable(file)) {
            throw unreadable(file, "permission denied");
        }
        List<String> principals;
        try {
            if (!startsAsKeytab(file)) {
                throw new BenchException(ErrorCode.KEYTAB_UNREADABLE, "-keytab " + file + " is not a keytab file"
                        + " (klist -kt " + file + " shows what a keytab holds): give the keytab of " + principal);
            }
            principals = Keytab.loadKeytab(file.toFile()).getPrincipals().stream().map(PrincipalName::getName)
                    .distinct().collect(Collectors.toList());
        } catch (IOException | RuntimeException e) {
            if (e instanceof BenchException) {
                throw (BenchException) e;
            }
            throw unreadable(file, String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT));
        }
        if (!principals.contains(principal)) {
            throw new BenchException(ErrorCode.KEYTAB_LACKS_PRINCIPAL, "the keytab " + file + " has no key for "
                    + principal + (principals.isEmpty() ? " (it holds none" : " (it holds " + String.join(", ", principals))
                    + "; klist -kt " + file + " lists them): check -principal and -keytab");
        }
    }

    private static boolean startsAsKeytab(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            int magic = in.read();
            int version = in.read();
            return magic == KEYTAB_MAGIC && (version == 1 || version == 2);
        }
    }

    private static BenchException unreadable(Path file, String why) {
        return new BenchException(ErrorCode.KEYTAB_UNREADABLE, "cannot read the keytab " + file + " (" + why
                + "): give -keytab a keytab file this user can read");
    }
}
