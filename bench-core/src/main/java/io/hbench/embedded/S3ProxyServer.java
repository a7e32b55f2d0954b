package io.hbench.embedded;

import static java.util.Objects.requireNonNull;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.fs.PrivateDirectory;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.security.alias.CredentialProvider;
import org.apache.hadoop.security.alias.CredentialProviderFactory;

/**
 * A real S3 API server on loopback: S3Proxy, storing each bucket as a directory, run from its own jar in a JVM of its
 * own (its Jetty and jclouds would clash with Hadoop's on one classpath). Its credentials are drawn afresh at every
 * start and kept in owner-only files: the server's properties, and a Hadoop credential store that S3A reads, so
 * that no configuration, job file or log ever holds them.
 *
 * <p>Lifecycle: {@link #start} returns once the server accepts connections; {@link #close} stops its process and
 * waits for it to end. A JVM that exits without closing it (Ctrl-C, System.exit) stops it from a shutdown hook, so
 * no server outlives the program that started it. Objects stay in the storage directory between starts.
 */
final class S3ProxyServer implements AutoCloseable {
    /** The system property that names S3Proxy's jar with its dependencies (bin/bench and the tests set it). */
    static final String JAR_PROPERTY = "hbench.s3proxy.jar";
    /** The bucket every start serves. */
    static final String BUCKET = "hbench";
    private static final String REGION = "us-east-1";
    private static final int REQUIRED_JAVA = 17;
    private static final long START_TIMEOUT_MILLIS = 120_000;
    private static final long POLL_MILLIS = 100;

    private final Process process;
    private final int port;
    private final Path credentialStore;
    private final Path log;
    private final Thread stopAtExit;

    private S3ProxyServer(Process process, int port, Path credentialStore, Path log) {
        this.process = process;
        this.port = port;
        this.credentialStore = credentialStore;
        this.log = log;
        this.stopAtExit = new Thread(process::destroy, "hbench-s3proxy-stop");
        Runtime.getRuntime().addShutdownHook(stopAtExit);
    }

    /** Starts a server whose objects live under {@code dir} (created if need be), owned by this process's user. */
    static S3ProxyServer start(Path dir) throws IOException {
        requireNonNull(dir, "dir is null");
        Path jar = jar();
        requireJava();
        // The user's alone, as the storage it is in: the keys' directory must not lie in one others could change.
        Path data = PrivateDirectory.claim(dir).resolve("data");
        Files.createDirectories(data.resolve(BUCKET));
        Path secrets = PrivateDirectory.claim(dir.resolve("secrets"));
        String identity = randomHex(10);
        String credential = randomHex(20);
        int port = freeLoopbackPort();
        Path properties = secrets.resolve("s3proxy.properties");
        writeServerProperties(properties, port, data, identity, credential);
        Path credentialStore = secrets.resolve("s3a.jceks");
        writeCredentialStore(credentialStore, identity, credential);
        Path log = dir.resolve("server.log");
        ProcessBuilder builder = new ProcessBuilder(Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m", "-jar", jar.toString(), "--properties", properties.toString())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        // S3Proxy logs every request at INFO; its own variable sets the level.
        builder.environment().put("LOG_LEVEL", "warn");
        Process process = builder.start();
        S3ProxyServer server = new S3ProxyServer(process, port, credentialStore, log);
        try {
            server.awaitListening();
        } catch (IOException | RuntimeException e) {
            server.close();
            throw e;
        }
        return server;
    }

    private static Path jar() {
        String name = System.getProperty(JAR_PROPERTY);
        if (name == null || !Files.isRegularFile(Paths.get(name))) {
            throw new BenchException(ErrorCode.NO_CLUSTER, "the embedded object store needs S3Proxy's jar, which this"
                    + " classpath does not name (-D" + JAR_PROPERTY + "=<s3proxy jar-with-dependencies>"
                    + (name == null ? "" : "; " + name + " does not exist") + "): run bin/bench from a build of hbench");
        }
        return Paths.get(name);
    }

    private static void requireJava() {
        if (Runtime.version().feature() < REQUIRED_JAVA) {
            throw new BenchException(ErrorCode.EMBEDDED_CLUSTER_FAILED, "the embedded object store (S3Proxy) needs Java "
                    + REQUIRED_JAVA + " or later, and this is Java " + Runtime.version().feature()
                    + ": set JAVA_HOME to a newer JDK");
        }
    }

    private static String randomHex(int bytes) {
        byte[] random = new byte[bytes];
        new SecureRandom().nextBytes(random);
        StringBuilder hex = new StringBuilder();
        for (byte b : random) {
            hex.append(Character.forDigit((b >> 4) & 0xf, 16)).append(Character.forDigit(b & 0xf, 16));
        }
        return hex.toString();
    }

    /** A port free now; S3Proxy binds it a moment later, and {@link #awaitListening} notices if another took it. */
    private static int freeLoopbackPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static void writeServerProperties(Path file, int port, Path data, String identity, String credential)
            throws IOException {
        Properties properties = new Properties();
        properties.setProperty("s3proxy.endpoint", "http://127.0.0.1:" + port);
        properties.setProperty("s3proxy.authorization", "aws-v2-or-v4");
        properties.setProperty("s3proxy.identity", identity);
        properties.setProperty("s3proxy.credential", credential);
        properties.setProperty("jclouds.provider", "filesystem-nio2");
        properties.setProperty("jclouds.filesystem.basedir", data.toString());
        Files.deleteIfExists(file);
        Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        try (OutputStream out = Files.newOutputStream(file, LinkOption.NOFOLLOW_LINKS, StandardOpenOption.WRITE)) {
            properties.store(out, "S3Proxy of an hbench embedded object store");
        }
    }

    /** S3A looks its keys up in this store (fs.s3a.security.credential.provider.path) before the configuration. */
    private static void writeCredentialStore(Path file, String identity, String credential) throws IOException {
        Files.deleteIfExists(file);
        Configuration conf = new Configuration(false);
        conf.set(CredentialProviderFactory.CREDENTIAL_PROVIDER_PATH, credentialStoreUri(file));
        CredentialProvider provider = CredentialProviderFactory.getProviders(conf).get(0);
        provider.createCredentialEntry("fs.s3a.access.key", identity.toCharArray());
        provider.createCredentialEntry("fs.s3a.secret.key", credential.toCharArray());
        provider.flush();
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    }

    private static String credentialStoreUri(Path file) {
        return "jceks://file" + file.toAbsolutePath();
    }

    private void awaitListening() throws IOException {
        long deadline = System.currentTimeMillis() + START_TIMEOUT_MILLIS;
        while (true) {
            if (!process.isAlive()) {
                throw new IOException("S3Proxy exited with status " + process.exitValue() + " (see " + log + ")");
            }
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1000);
                return;
            } catch (IOException notYet) {
                if (System.currentTimeMillis() > deadline) {
                    throw new IOException("S3Proxy did not listen on port " + port + " within "
                            + START_TIMEOUT_MILLIS / 1000 + " s (see " + log + ")");
                }
            }
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while S3Proxy started", e);
            }
        }
    }

    /** The bucket as S3A names it. */
    URI bucket() {
        return URI.create("s3a://" + BUCKET + "/");
    }

    /**
     * What an S3A client needs to reach this server: its endpoint, path-style requests, a fixed region (so the SDK
     * asks no instance metadata service), the credential store, and only the configuration's own credentials
     * provider, never the instance profile's.
     */
    void configureClient(Configuration conf) {
        conf.set("fs.s3a.endpoint", "http://127.0.0.1:" + port);
        conf.set("fs.s3a.endpoint.region", REGION);
        conf.setBoolean("fs.s3a.path.style.access", true);
        conf.setBoolean("fs.s3a.connection.ssl.enabled", false);
        conf.set("fs.s3a.aws.credentials.provider", "org.apache.hadoop.fs.s3a.SimpleAWSCredentialsProvider");
        conf.set("fs.s3a.security.credential.provider.path", credentialStoreUri(credentialStore));
    }

    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(stopAtExit);
        } catch (IllegalStateException exiting) {
            // Called from another shutdown hook: this one runs too, and destroying twice is harmless.
        }
        process.destroy();
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
