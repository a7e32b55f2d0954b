package io.hbench.resources;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.URL;
import java.net.URLConnection;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.PrivilegedExceptionAction;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.SSLException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.client.HdfsClientConfigKeys;
import org.apache.hadoop.hdfs.web.URLConnectionFactory;
import org.apache.hadoop.http.HttpConfig;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.authentication.client.AuthenticationException;

/**
 * Reads a Hadoop daemon's metrics from its web endpoint's /jmx, as JSON. It connects as WebHDFS does (Hadoop's
 * {@link URLConnectionFactory}): https with the trust store ssl-client.xml names, and on a Kerberos cluster SPNEGO as
 * the client's user. Whatever keeps the endpoint from answering is an IOException whose message says why in a few
 * words, for one line. The one reader of /jmx: the DataNodes' metrics, the NameNodes' slow-node reports and RPC
 * counters. Closing it stops what its https connections started (a thread that reloads the trust store).
 */
public final class JmxReader implements AutoCloseable {
    private static final int TIMEOUT_MILLIS = 10_000;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final URLConnectionFactory connections;
    private final boolean spnego;

    JmxReader(URLConnectionFactory connections, boolean spnego) {
        this.connections = requireNonNull(connections, "connections is null");
        this.spnego = spnego;
    }

    /** As the cluster {@code conf} names asks: SPNEGO where Kerberos is on. */
    public static JmxReader of(Configuration conf) {
        return new JmxReader(URLConnectionFactory.newDefaultURLConnectionFactory(TIMEOUT_MILLIS, TIMEOUT_MILLIS, conf),
                UserGroupInformation.isSecurityEnabled());
    }

    /**
     * The beans that {@code query}, an object name or pattern ({@code Hadoop:service=DataNode,name=*}), names at the
     * endpoint {@code base} ({@code http://host:port}), each a JSON object with its {@code name} and attributes.
     *
     * @throws IOException saying why the endpoint did not answer: refused (HTTP 401 or 403), closed, untrusted
     */
    public List<JsonNode> beans(URI base, String query) throws IOException, InterruptedException {
        URL url = new URL(base + "/jmx?qry=" + URLEncoder.encode(query, StandardCharsets.UTF_8));
        HttpURLConnection connection = null;
        try {
            connection = (HttpURLConnection) open(url);
            int status = connection.getResponseCode();
            if (status == HttpURLConnection.HTTP_UNAUTHORIZED || status == HttpURLConnection.HTTP_FORBIDDEN) {
                throw new IOException(base + "/jmx refused hbench: HTTP " + status);
            }
            if (status != HttpURLConnection.HTTP_OK) {
                throw new IOException(base + "/jmx answered HTTP " + status);
            }
            try (InputStream in = connection.getInputStream()) {
                JsonNode beans = JSON.readTree(in).path("beans");
                if (!beans.isArray()) {
                    throw new IOException(base + "/jmx answered no beans");
                }
                List<JsonNode> all = new ArrayList<>();
                beans.forEach(all::add);
                return all;
            }
        } catch (JsonProcessingException e) {
            throw new IOException(base + "/jmx answered no JSON", e);
        } catch (ConnectException e) {
            throw new IOException(base + " refused the connection", e);
        } catch (SSLException e) {
            throw new IOException(base + " speaks https with a certificate hbench cannot check: " + e.getMessage()
                    + "; ssl-client.xml names the trust store", e);
        } finally {
            if (connection != null) {
                connection.disconnect();
            }
        }
    }

    /**
     * Where NameNode {@code id} of the logical nameservice {@code nameservice} serves /jmx: its
     * {@code dfs.namenode.http-address.<nameservice>.<id>}, or {@code https-address} under {@code dfs.http.policy}
     * HTTPS_ONLY.
     *
     * @throws IOException naming the key, when the configuration has none
     */
    public static URI nameNodeEndpoint(String nameservice, String id, Configuration conf) throws IOException {
        String key = nameNodeAddressKey(conf) + "." + nameservice + "." + id;
        String address = conf.getTrimmed(key, "");
        if (address.isEmpty()) {
            throw new IOException("no " + key + " in the client's configuration");
        }
        return endpoint(address, conf);
    }

    /**
     * Where the one NameNode of {@code hdfs://host} serves /jmx: its {@code dfs.namenode.http-address} (or
     * {@code https-address}), by default on port 9870 (9871).
     */
    static URI nameNodeEndpoint(String host, Configuration conf) {
        String address = conf.getTrimmed(nameNodeAddressKey(conf), https(conf) ? "0.0.0.0:9871" : "0.0.0.0:9870");
        // A wildcard address is where the NameNode listens, on the host the file system names.
        return endpoint(address.replaceFirst("^0\\.0\\.0\\.0:", host + ":"), conf);
    }

    /** Whether the cluster's daemons serve their web endpoints over https only: {@code dfs.http.policy}. */
    static boolean https(Configuration conf) {
        return HttpConfig.Policy.fromString(conf.get("dfs.http.policy", "HTTP_ONLY"))
                == HttpConfig.Policy.HTTPS_ONLY;
    }

    private static String nameNodeAddressKey(Configuration conf) {
        return https(conf) ? HdfsClientConfigKeys.DFS_NAMENODE_HTTPS_ADDRESS_KEY
                : HdfsClientConfigKeys.DFS_NAMENODE_HTTP_ADDRESS_KEY;
    }

    private static URI endpoint(String address, Configuration conf) {
        return URI.create((https(conf) ? "https://" : "http://") + address);
    }

    private URLConnection open(URL url) throws IOException, InterruptedException {
        if (!spnego) {
            return connections.openConnection(url);
        }
        return UserGroupInformation.getCurrentUser().doAs((PrivilegedExceptionAction<URLConnection>) () -> {
            try {
                return connections.openConnection(url, true);
            } catch (AuthenticationException e) {
                throw new IOException("SPNEGO failed: " + e.getMessage(), e);
            }
        });
    }

    /** Stops the trust store's reloading thread, where https started one. */
    @Override
    public void close() {
        connections.destroy();
    }
}
