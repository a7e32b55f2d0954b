package io.hbench.testing;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.security.AuthenticationFilterInitializer;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.ssl.KeyStoreTestUtil;

/**
 * A Kerberos-secured HDFS in this JVM, as a secured cluster without privileged ports runs: Kerberos for
 * every RPC, service-level authorization on, block access tokens, SASL on the DataNodes' data transfer,
 * HTTPS only, and SPNEGO for every web endpoint. MapReduce runs in-process (the local job runner), as
 * the submitting user. One test class starts one and closes it after its last test; {@link #close}
 * puts back the JVM-wide state (Java's and Hadoop's Kerberos settings, the SSL files on the class path).
 *
 * <p>Principals: the NameNode and the DataNodes run as {@code hdfs/localhost} (one principal, since
 * they share this JVM's login user), with SPNEGO as {@code HTTP/localhost}; programs run as the user
 * {@code alice}, who owns {@code /user/alice} and may write in {@code /tmp}.
 */
public final class SecureCluster implements AutoCloseable {
    public static final String USER = "alice";
    public static final String HOME = "/user/" + USER;

    private final TestKdc kdc;
    private final MiniDFSCluster dfs;
    private final Configuration client;
    private final Path userKeytab;
    private final Path hdfsKeytab;
    private final String sslConfDir;

    private SecureCluster(TestKdc kdc, MiniDFSCluster dfs, Configuration client, Path userKeytab, Path hdfsKeytab,
            String sslConfDir) {
        this.kdc = kdc;
        this.dfs = dfs;
        this.client = client;
        this.userKeytab = userKeytab;
        this.hdfsKeytab = hdfsKeytab;
        this.sslConfDir = sslConfDir;
    }

    /**
     * Starts a KDC and the cluster, keeping their files in {@code dir}.
     *
     * @param testClass the test class: the SSL settings go into its class path directory, where Hadoop looks for them
     */
    public static SecureCluster start(Path dir, Class<?> testClass, int dataNodes) throws Exception {
        requireNonNull(dir, "dir is null");
        requireNonNull(testClass, "testClass is null");
        TestKdc kdc = TestKdc.start(dir.resolve("kdc"));
        String keystores = Files.createDirectories(dir.resolve("keystores")).toString();
        String sslConfDir = KeyStoreTestUtil.getClasspathDir(testClass);
        MiniDFSCluster dfs = null;
        try {
            Path hdfsKeytab = kdc.keytab("hdfs.keytab", "hdfs/localhost", "HTTP/localhost");
            Path userKeytab = kdc.keytab(USER + ".keytab", USER);
            Configuration conf = new Configuration();
            conf.set("hadoop.security.authentication", "kerberos");
            conf.setBoolean("hadoop.security.authorization", true);
            conf.set("dfs.namenode.kerberos.principal", kdc.principal("hdfs/localhost"));
            conf.set("dfs.namenode.keytab.file", hdfsKeytab.toString());
            conf.set("dfs.datanode.kerberos.principal", kdc.principal("hdfs/localhost"));
            conf.set("dfs.datanode.keytab.file", hdfsKeytab.toString());
            conf.set("dfs.web.authentication.kerberos.principal", kdc.principal("HTTP/localhost"));
            // Every web endpoint (/jmx, /conf, the web UI, not WebHDFS alone) takes only SPNEGO, as on a secured
            // cluster.
            conf.set("hadoop.http.filter.initializers", AuthenticationFilterInitializer.class.getName());
            conf.set("hadoop.http.authentication.type", "kerberos");
            conf.setBoolean("hadoop.http.authentication.simple.anonymous.allowed", false);
            conf.set("hadoop.http.authentication.kerberos.principal", kdc.principal("HTTP/localhost"));
            conf.set("hadoop.http.authentication.kerberos.keytab", hdfsKeytab.toString());
            conf.setBoolean("dfs.block.access.token.enable", true);
            // Without privileged ports a DataNode must authenticate its data transfer by SASL and serve HTTPS only.
            conf.set("dfs.data.transfer.protection", "authentication");
            conf.set("dfs.http.policy", "HTTPS_ONLY");
            conf.set("dfs.namenode.https-address", "localhost:0");
            conf.set("dfs.datanode.https.address", "localhost:0");
            KeyStoreTestUtil.setupSSLConfig(keystores, sslConfDir, conf, false);
            conf.set("dfs.client.https.keystore.resource", KeyStoreTestUtil.getClientSSLConfigFileName());
            conf.set("dfs.https.server.keystore.resource", KeyStoreTestUtil.getServerSSLConfigFileName());
            conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, dir.resolve("dfs").toString());
            conf.setInt("dfs.namenode.safemode.extension", 0);
            UserGroupInformation.setConfiguration(conf);
            // The DataNodes go by their host's name, as on a cluster: SPNEGO asks for the principal of the host a URL
            // names (HTTP/localhost), which an address (127.0.0.1, the mini cluster's default) has none of.
            conf.set("dfs.datanode.hostname", "localhost");
            dfs = new MiniDFSCluster.Builder(conf).numDataNodes(dataNodes).checkDataNodeHostConfig(true).build();
            dfs.waitActive();
            // The NameNode's login user, hdfs, is the superuser: it lays out the directories a user finds on a cluster.
            DistributedFileSystem superuser = dfs.getFileSystem();
            org.apache.hadoop.fs.Path tmp = new org.apache.hadoop.fs.Path("/tmp");
            superuser.mkdirs(tmp);
            superuser.setPermission(tmp, new FsPermission((short) 01777));
            org.apache.hadoop.fs.Path home = new org.apache.hadoop.fs.Path(HOME);
            superuser.mkdirs(home);
            superuser.setOwner(home, USER, USER);
            Configuration client = new Configuration(dfs.getConfiguration(0));
            client.set("fs.defaultFS", dfs.getURI().toString());
            client.set("mapreduce.framework.name", "local");
            client.set("mapreduce.cluster.local.dir", dir.resolve("mapred-local").toString());
            client.setInt("mapreduce.local.map.tasks.maximum", 4);
            // A job's delegation tokens name a renewer; the local job runner has none but this setting.
            client.set("yarn.resourcemanager.principal", kdc.principal("rm/localhost"));
            return new SecureCluster(kdc, dfs, client, userKeytab, hdfsKeytab, sslConfDir);
        } catch (Exception | Error e) {
            if (dfs != null) {
                dfs.shutdown();
            }
            removeSslSettings(sslConfDir);
            kdc.close();
            throw e;
        }
    }

    /** The keystores stay in the test's directory; the settings that point at them leave the class path. */
    private static void removeSslSettings(String sslConfDir) throws IOException {
        Files.deleteIfExists(Paths.get(sslConfDir, KeyStoreTestUtil.getClientSSLConfigFileName()));
        Files.deleteIfExists(Paths.get(sslConfDir, KeyStoreTestUtil.getServerSSLConfigFileName()));
    }

    /** The configuration a gateway of this cluster has: Kerberos on, its principals, local MapReduce. */
    public Configuration clientConfiguration() {
        return new Configuration(client);
    }

    public TestKdc kdc() {
        return kdc;
    }

    /** alice@EXAMPLE.COM */
    public String userPrincipal() {
        return kdc.principal(USER);
    }

    public Path userKeytab() {
        return userKeytab;
    }

    /** The principal of the NameNode and of the DataNodes: hdfs/localhost@EXAMPLE.COM. */
    public String hdfsPrincipal() {
        return kdc.principal("hdfs/localhost");
    }

    public Path hdfsKeytab() {
        return hdfsKeytab;
    }

    public MiniDFSCluster dfs() {
        return dfs;
    }

    /** The file system as the superuser (the NameNode's login user), to check what the programs left. */
    public FileSystem superuserFileSystem() throws IOException {
        return dfs.getFileSystem();
    }

    @Override
    public void close() throws IOException {
        try {
            dfs.shutdown();
        } finally {
            try {
                removeSslSettings(sslConfDir);
            } finally {
                kdc.close();
            }
        }
    }
}
