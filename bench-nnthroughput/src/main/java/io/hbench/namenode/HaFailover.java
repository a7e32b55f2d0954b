package io.hbench.namenode;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeys;
import org.apache.hadoop.ha.BadFencingConfigurationException;
import org.apache.hadoop.ha.FailoverController;
import org.apache.hadoop.ha.FailoverFailedException;
import org.apache.hadoop.ha.HAServiceProtocol;
import org.apache.hadoop.ha.HAServiceProtocol.RequestSource;
import org.apache.hadoop.ha.HAServiceTarget;
import org.apache.hadoop.ha.ZKFCProtocol;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.tools.NNHAServiceTarget;
import org.apache.hadoop.ipc.RPC;
import org.apache.hadoop.ipc.RemoteException;
import org.apache.hadoop.security.AccessControlException;
import org.apache.hadoop.security.UserGroupInformation;

/**
 * The failover {@code -failoverAt} asks for: from the nameservice's active NameNode to a standby, through the HA admin
 * protocol as {@code hdfs haadmin -failover} does; where automatic failover is on, the standby's ZKFC is asked for a
 * graceful failover instead, as haadmin does then.
 */
final class HaFailover {
    /** How the failover was asked: {@code hdfs haadmin -failover}'s FailoverController, or the target's ZKFC. */
    static final String FAILOVER_CONTROLLER = "haadmin";
    static final String ZKFC = "zkfc";

    private final Configuration conf;
    private final HAServiceTarget from;
    private final HAServiceTarget to;
    private final String fromId;
    private final String toId;
    private final boolean automatic;

    private HaFailover(Configuration conf, HAServiceTarget from, HAServiceTarget to, String fromId, String toId) {
        this.conf = conf;
        this.from = from;
        this.to = to;
        this.fromId = fromId;
        this.toId = toId;
        this.automatic = from.isAutoFailoverEnabled();
    }

    /**
     * Checks before the run what the failover will need: an active NameNode, a standby, fencing (without automatic
     * failover) and HA admin rights on both, by {@code monitorHealth}, which needs the NameNode's superuser.
     *
     * @throws BenchException in one line naming what is missing
     */
    static HaFailover prepare(Configuration given, Nameservice nameservice, NameNodeStates states) {
        String ns = nameservice.name();
        String fromId = states.active().orElseThrow(() -> refused("nameservice " + ns + " has no active NameNode to"
                + " fail over from (" + states + ")"));
        String toId = states.withState(NameNodeStates.STANDBY).stream().findFirst().orElseThrow(() -> refused(
                "nameservice " + ns + " has no standby NameNode to fail over to (" + states + ")"));
        Configuration conf = new Configuration(given);
        // As DFSHAAdmin: the HA admin protocol's server principal is the NameNode's.
        conf.set(CommonConfigurationKeys.HADOOP_SECURITY_SERVICE_USER_NAME_KEY,
                conf.get(DFSConfigKeys.DFS_NAMENODE_KERBEROS_PRINCIPAL_KEY, ""));
        HaFailover failover = new HaFailover(conf, new NNHAServiceTarget(conf, ns, fromId),
                new NNHAServiceTarget(conf, ns, toId), fromId, toId);
        if (!failover.automatic) {
            try {
                failover.from.checkFencingConfigured();
            } catch (BadFencingConfigurationException e) {
                throw refused("a failover of " + ns + " without automatic failover fences " + fromId + ": set "
                        + DFSConfigKeys.DFS_HA_FENCE_METHODS_KEY + " as hdfs haadmin -failover needs it (" + e.getMessage()
                        + ")");
            }
        }
        failover.checkAdminRights(failover.from, fromId);
        failover.checkAdminRights(failover.to, toId);
        return failover;
    }

    private void checkAdminRights(HAServiceTarget target, String id) {
        HAServiceProtocol proxy = null;
        try {
            proxy = target.getProxy(conf, timeoutMillis());
            proxy.monitorHealth();
        } catch (IOException e) {
            IOException cause = e instanceof RemoteException
                    ? ((RemoteException) e).unwrapRemoteException(AccessControlException.class) : e;
            throw refused(cause instanceof AccessControlException
                    ? "it needs HA admin rights, which " + user() + " lacks on NameNode " + id + " ("
                            + target.getAddress() + "): run as the NameNode's superuser or a member of"
                            + " dfs.permissions.superusergroup"
                    : "NameNode " + id + " (" + target.getAddress() + ") did not answer the HA admin protocol's health"
                            + " check: " + firstLine(cause.getMessage()));
        } finally {
            if (proxy != null) {
                RPC.stopProxy(proxy);
            }
        }
    }

    private int timeoutMillis() {
        return conf.getInt(CommonConfigurationKeys.HA_FC_CLI_CHECK_TIMEOUT_KEY,
                CommonConfigurationKeys.HA_FC_CLI_CHECK_TIMEOUT_DEFAULT);
    }

    private static String user() {
        try {
            return UserGroupInformation.getCurrentUser().getShortUserName();
        } catch (IOException e) {
            return "the running user";
        }
    }

    private static String firstLine(String message) {
        return message == null ? "no message" : message.lines().findFirst().orElse("");
    }

    private static BenchException refused(String why) {
        return new BenchException(ErrorCode.CONFLICTING_OPTIONS, "-" + FailoverFlag.NAME + ": " + why);
    }

    /** Fails over from {@link #from} to {@link #to}. */
    void run() throws IOException, FailoverFailedException {
        if (automatic) {
            ZKFCProtocol zkfc = to.getZKFCProxy(conf, timeoutMillis());
            try {
                zkfc.gracefulFailover();
            } finally {
                RPC.stopProxy(zkfc);
            }
            return;
        }
        new FailoverController(conf, RequestSource.REQUEST_BY_USER).failover(from, to, false, false);
    }

    /** Whether automatic failover is on, so the ZKFC is asked rather than FailoverController. */
    boolean automatic() {
        return automatic;
    }

    String from() {
        return fromId;
    }

    String to() {
        return toId;
    }
}
