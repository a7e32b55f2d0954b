package io.hbench.resources;

import static java.util.Objects.requireNonNull;

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
import org.apache.hadoop.hdfs.web.URLConnectionFactory;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.authentication.client.AuthenticationException;

/**
 * Reads a Hadoop daemon's metrics from its web endpoint's /jmx, as JSON. It connects as WebHDFS does (Hadoop's
 * {@link URLConnectionFactory}): https with the trust store ssl-client.xml names, and on a Kerberos cluster SPNEGO as
 * the client's user. Whatever keeps the endpoint from answering is an IOException whose message says why in a few
 * words, for one line.
 */
final class JmxReader {
    private static final int TIMEOUT_MILLIS = 10_000;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final URLConnectionFactory connections;
    private final boolean spnego;

    JmxReader(URLConnectionFactory connections, boolean spnego) {
        this.connections = requireNonNull(connections, "connections is null");
        this.spnego = spnego;
    }

    /** As the cluster {@code conf} names asks: SPNEGO where Kerberos is on. */
    static JmxReader of(Configuration conf) {
        return new JmxReader(URLConnectionFactory.newDefaultURLConnectionFactory(TIMEOUT_MILLIS, TIMEOUT_MILLIS, conf),
                UserGroupInformation.isSecurityEnabled());
    }

    /**
     * The beans that {@code query}, an object name or pattern ({@code Hadoop:service=DataNode,name=*}), names at the
     * endpoint {@code base} ({@code http://host:port}), each a JSON object with its {@code name} and attributes.
     *
     * @throws IOException saying why the endpoint did not answer: refused (HTTP 401 or 403), closed, untrusted
     */
    List<JsonNode> beans(URI base, String query) throws IOException, InterruptedException {
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
}
