package io.hbench.fs;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.error.ErrorText;
import java.nio.file.AccessDeniedException;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns what S3A throws when it has no credentials, or the store refuses them, into one line that names the
 * settings to check. S3A reports both as exceptions whose messages carry the path ({@code s3a://bucket/...}), which
 * is where the bucket's name, and so its own settings' names, come from.
 */
public final class StoreFailures {
    /** S3A's exception, and its subclasses', for a credentials chain that found nothing to sign with. */
    private static final String NO_CREDENTIALS = "org.apache.hadoop.fs.s3a.auth.NoAuthWithAWSException";
    private static final Pattern S3A_BUCKET = Pattern.compile("s3a://([^/\\s:]+)");
    private static final Pattern STATUS = Pattern.compile("Status Code: (\\d+)");

    private StoreFailures() {
    }

    /**
     * The one line for a failure whose cause is the store's credentials; empty for any other failure. S3A wraps a
     * missing credential in an access denial, so the whole chain is searched for the missing one first.
     */
    public static Optional<BenchException> whileRunning(Throwable e) {
        List<Throwable> causes = ErrorText.causes(e);
        if (causes.stream().anyMatch(StoreFailures::isMissingCredentials)) {
            return Optional.of(new BenchException(ErrorCode.STORE_CREDENTIALS, "no credentials for " + bucketOf(e)
                    + ": set " + settings(e) + ", or name a credential provider that has them"
                    + " (fs.s3a.aws.credentials.provider, hadoop.security.credential.provider.path)", e));
        }
        for (Throwable cause : causes) {
            if (cause instanceof AccessDeniedException && cause.getMessage() != null
                    && S3A_BUCKET.matcher(cause.getMessage()).find()) {
                return Optional.of(new BenchException(ErrorCode.STORE_CREDENTIALS, bucketOf(e) + " refused access"
                        + status(cause.getMessage()) + ": check " + settings(e) + " (wrong or expired keys, or keys"
                        + " without permission on the bucket)", e));
            }
        }
        return Optional.empty();
    }

    /** S3A's NoAuthWithAWSException or one of its kinds (NoAwsCredentialsException), known by name. */
    private static boolean isMissingCredentials(Throwable cause) {
        for (Class<?> type = cause.getClass(); type != null; type = type.getSuperclass()) {
            if (type.getName().equals(NO_CREDENTIALS)) {
                return true;
            }
        }
        return false;
    }

    private static String bucketOf(Throwable e) {
        String bucket = bucket(e);
        return bucket == null ? "the object store" : "s3a://" + bucket;
    }

    /** The settings S3A reads the keys from, the bucket's own first where the bucket is known. */
    private static String settings(Throwable e) {
        String bucket = bucket(e);
        String global = "fs.s3a.access.key and fs.s3a.secret.key";
        return bucket == null ? global : "fs.s3a.bucket." + bucket + ".access.key and fs.s3a.bucket." + bucket
                + ".secret.key (or " + global + ")";
    }

    private static String bucket(Throwable e) {
        for (Throwable cause : ErrorText.causes(e)) {
            if (cause.getMessage() != null) {
                Matcher matcher = S3A_BUCKET.matcher(cause.getMessage());
                if (matcher.find()) {
                    return matcher.group(1);
                }
            }
        }
        return null;
    }

    private static String status(String message) {
        Matcher matcher = STATUS.matcher(message);
        return matcher.find() ? " (HTTP " + matcher.group(1) + ")" : "";
    }
}
