package io.hbench.bsp.trust;

import static java.util.Objects.requireNonNull;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.apache.commons.codec.DecoderException;
import org.apache.commons.codec.binary.Hex;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.security.Credentials;

/**
 * The secret of one BSP run: every control and data connection of the run proves it knows it
 * ({@link Handshake}) before anything it sends is read. It travels only in a MapReduce job's
 * credentials (which YARN hands to the job's tasks alone) or in a file only its owner can read; it is
 * never put in a configuration, on a command line or in a log, and {@link #toString} does not show it.
 */
public final class RunSecret {
    /** Where a submitted job's peers find the secret in the job's credentials. */
    static final Text CREDENTIALS_ALIAS = new Text("hbench.bsp.run.secret");
    static final String MAC_ALGORITHM = "HmacSHA256";
    /** 256 bits, HMAC-SHA-256's own strength. */
    static final int GENERATED_BYTES = 32;
    /** Shorter secrets, as a file may hold, are refused: 128 bits are the least worth calling a secret. */
    static final int MIN_BYTES = 16;
    private static final Set<PosixFilePermission> OWNER_ONLY =
            EnumSet.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);
    private static final SecureRandom RANDOM = new SecureRandom();

    private final SecretKeySpec key;

    private RunSecret(byte[] bytes) {
        if (bytes.length < MIN_BYTES) {
            throw new IllegalArgumentException("a run's secret needs at least " + MIN_BYTES + " bytes, not "
                    + bytes.length);
        }
        this.key = new SecretKeySpec(bytes, MAC_ALGORITHM);
    }

    /** A fresh secret for one run. */
    public static RunSecret generate() {
        byte[] bytes = new byte[GENERATED_BYTES];
        RANDOM.nextBytes(bytes);
        return new RunSecret(bytes);
    }

    /**
     * The secret in {@code file}: hexadecimal text of at least {@value #MIN_BYTES} bytes (as {@code openssl rand -hex
     * 32} writes), in a file that only its owner, this user, can read or write.
     *
     * @throws BenchException INVALID_ARGUMENT or MISSING_INPUT with a message that starts with the file's name
     */
    public static RunSecret read(Path file) {
        requireNonNull(file, "file is null");
        checkOwnerOnly(file);
        String text;
        try {
            text = Files.readString(file, StandardCharsets.US_ASCII).strip();
        } catch (NoSuchFileException e) {
            throw new BenchException(ErrorCode.MISSING_INPUT, file + " does not exist");
        } catch (IOException e) {
            throw new BenchException(ErrorCode.INVALID_ARGUMENT, file + " cannot be read: " + e.getMessage());
        }
        byte[] bytes;
        try {
            bytes = Hex.decodeHex(text);
        } catch (DecoderException e) {
            bytes = new byte[0];
        }
        if (bytes.length < MIN_BYTES) {
            throw new BenchException(ErrorCode.INVALID_ARGUMENT, file + " does not hold a secret of at least "
                    + MIN_BYTES + " bytes as hexadecimal text (make one with: umask 077; openssl rand -hex 32 > "
                    + file + ")");
        }
        return new RunSecret(bytes);
    }

    /**
     * The secret in {@code file}, which is first made with a fresh secret, readable by this user alone, if it does not
     * exist. The coordinator of peers started by hand uses this, so that the first run needs no preparation.
     *
     * @param onCreated told when the file was made now
     */
    public static RunSecret readOrCreate(Path file, Runnable onCreated) {
        requireNonNull(file, "file is null");
        requireNonNull(onCreated, "onCreated is null");
        if (!Files.exists(file)) {
            RunSecret secret = generate();
            try {
                Files.write(Files.createFile(file, PosixFilePermissions.asFileAttribute(OWNER_ONLY)),
                        secret.hex().getBytes(StandardCharsets.US_ASCII));
                onCreated.run();
                return secret;
            } catch (FileAlreadyExistsException e) {
                // Made a moment ago by someone else: read it as any other.
            } catch (UnsupportedOperationException e) {
                throw new BenchException(ErrorCode.INVALID_ARGUMENT, file + " cannot be made readable by its owner"
                        + " alone on this file system");
            } catch (IOException e) {
                throw new BenchException(ErrorCode.INVALID_ARGUMENT, file + " cannot be written: " + e.getMessage());
            }
        }
        return read(file);
    }

    private static void checkOwnerOnly(Path file) {
        PosixFileAttributes attributes;
        try {
            attributes = Files.readAttributes(file, PosixFileAttributes.class);
        } catch (NoSuchFileException e) {
            throw new BenchException(ErrorCode.MISSING_INPUT, file + " does not exist");
        } catch (UnsupportedOperationException e) {
            throw new BenchException(ErrorCode.INVALID_ARGUMENT, file + " is on a file system without owner-only"
                    + " permissions, so it cannot keep a secret");
        } catch (IOException e) {
            throw new BenchException(ErrorCode.INVALID_ARGUMENT, file + " cannot be read: " + e.getMessage());
        }
        if (!attributes.isRegularFile()) {
            throw new BenchException(ErrorCode.INVALID_ARGUMENT, file + " is not a regular file");
        }
        Set<PosixFilePermission> others = EnumSet.copyOf(attributes.permissions());
        others.removeAll(EnumSet.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE,
                PosixFilePermission.OWNER_EXECUTE));
        if (!others.isEmpty()) {
            throw new BenchException(ErrorCode.INVALID_ARGUMENT, file + " can be read or changed by other users (mode "
                    + PosixFilePermissions.toString(attributes.permissions()) + "): run chmod 600 " + file);
        }
        String user = System.getProperty("user.name");
        if (!attributes.owner().getName().equals(user)) {
            throw new BenchException(ErrorCode.INVALID_ARGUMENT, file + " belongs to " + attributes.owner().getName()
                    + ", not to " + user + " who runs this");
        }
    }

    /** The secret as the job's credentials carry it to the peers. */
    public void addTo(Credentials credentials) {
        credentials.addSecretKey(CREDENTIALS_ALIAS, key.getEncoded());
    }

    /** The secret of the job whose credentials these are; empty if the job was submitted without one. */
    public static Optional<RunSecret> from(Credentials credentials) {
        byte[] bytes = credentials.getSecretKey(CREDENTIALS_ALIAS);
        return bytes == null || bytes.length < MIN_BYTES ? Optional.empty()
                : Optional.of(new RunSecret(bytes));
    }

    /** A new MAC keyed with this secret; each thread takes its own (a Mac is not thread-safe). */
    Mac newMac() {
        try {
            Mac mac = Mac.getInstance(MAC_ALGORITHM);
            mac.init(key);
            return mac;
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException("every Java runtime has " + MAC_ALGORITHM, e);
        }
    }

    private String hex() {
        return Hex.encodeHexString(key.getEncoded()) + "\n";
    }

    @Override
    public String toString() {
        return "RunSecret[not shown]";
    }
}
