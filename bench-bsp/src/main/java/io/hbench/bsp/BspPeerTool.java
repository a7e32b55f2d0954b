package io.hbench.bsp;

import io.hbench.bsp.coordination.PeerBootstrap;
import io.hbench.bsp.transport.LinkDecorator;
import io.hbench.bsp.trust.RunSecret;
import io.hbench.cli.BenchTool;
import io.hbench.cli.ClusterSession;
import io.hbench.cli.FlagParser;
import io.hbench.cli.FlagValues;
import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.error.ExitStatus;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;

/**
 * {@code BspPeer -coordinator host:port -secretFile file}: one peer started by hand. It joins the
 * coordinator (of a program run with its manual runner), proving the secret in the file, which only
 * its owner may be able to read; runs whatever program the coordinator ships and exits 0 when the job
 * succeeded, 1 when it failed, 2 on bad usage. It needs no cluster and starts none.
 */
public final class BspPeerTool extends BenchTool<BspPeerTool.PeerOptions> {
    public BspPeerTool(PrintStream out, PrintStream err) {
        super(out, err);
    }

    @Override
    public String name() {
        return "BspPeer";
    }

    @Override
    public String description() {
        return "One BSP peer started by hand: joins a coordinator and runs the program it ships";
    }

    @Override
    protected String usage() {
        return "BspPeer -coordinator <host:port> -secretFile <file> [-address <bind address>] [-ports <from-to>]";
    }

    @Override
    protected void addOptions(Options options) {
        options.addOption(FlagParser.valued("coordinator", "host:port",
                "where the BSP job's coordinator waits for its peers"));
        options.addOption(FlagParser.valued("secretFile", "file",
                "the run's secret, as the coordinator's -secretFile holds it; readable by its owner alone"));
        options.addOption(FlagParser.valued("address", "bind address", "the address other peers reach this one at"
                + " (default: an address of this host that other hosts can reach; " + BspSettings.ADDRESS_KEY + ")"));
        options.addOption(FlagParser.valued("ports", "from-to",
                "ports this peer may listen on for data (default: any free one; " + BspSettings.PORTS_KEY + ")"));
    }

    @Override
    protected boolean startsEmbeddedClusterWhenNoneIsConfigured(BspPeerTool.PeerOptions options) {
        return false;
    }

    /** A peer talks to its coordinator and to other peers, with the run's secret; it never calls Hadoop. */
    @Override
    protected boolean callsTheCluster(PeerOptions options) {
        return false;
    }

    @Override
    protected PeerOptions parse(CommandLine line) {
        if (line.hasOption("embedded")) {
            throw new BenchException(ErrorCode.CONFLICTING_OPTIONS, "-embedded: a BspPeer runs no cluster");
        }
        String coordinator = line.getOptionValue("coordinator");
        if (coordinator == null) {
            throw new BenchException(ErrorCode.MISSING_OPTION, "missing -coordinator <host:port>");
        }
        InetSocketAddress address = FlagValues.hostPort("-coordinator", coordinator);
        if (address.getPort() == 0 || coordinator.trim().startsWith(":")) {
            throw new BenchException(ErrorCode.INVALID_ARGUMENT, "-coordinator '" + coordinator + "' names no host or"
                    + " no port: give the coordinator's host and the port it listens on, e.g."
                    + " gateway.example.com:40000");
        }
        String secretFile = line.getOptionValue("secretFile");
        if (secretFile == null) {
            throw new BenchException(ErrorCode.MISSING_OPTION, "missing -secretFile <file>: a copy of the file named by"
                    + " the coordinator's -secretFile");
        }
        String ports = line.getOptionValue("ports");
        if (ports != null && BspSettings.parsePortRange(ports) == null) {
            throw new BenchException(ErrorCode.INVALID_ARGUMENT, "-ports " + ports + ": " + BspSettings.PORT_RANGE_HINT);
        }
        return new PeerOptions(address.getHostString(), address.getPort(), Paths.get(secretFile),
                line.getOptionValue("address"), ports);
    }

    @Override
    protected ExitStatus run(PeerOptions options, ClusterSession session) throws InterruptedException {
        RunSecret secret = secretOf(options.secretFile);
        Configuration conf = new Configuration(session.configuration());
        if (options.address != null) {
            conf.set(BspSettings.ADDRESS_KEY, options.address);
        }
        if (options.ports != null) {
            conf.set(BspSettings.PORTS_KEY, options.ports);
        }
        PeerBootstrap.join(new InetSocketAddress(options.host, options.port), -1,
                BspSettings.dataAddress(conf, false), BspSettings.ports(conf), LinkDecorator.NONE, secret, err::println);
        return ExitStatus.SUCCESS;
    }

    /** The secret in {@code file}, or a user error that names the flag. */
    static RunSecret secretOf(Path file) {
        try {
            return RunSecret.read(file);
        } catch (BenchException e) {
            throw new BenchException(e.errorCode(), "-secretFile " + e.getMessage());
        }
    }

    /** The parsed command line. */
    static final class PeerOptions {
        final String host;
        final int port;
        final Path secretFile;
        final String address;
        final String ports;

        PeerOptions(String host, int port, Path secretFile, String address, String ports) {
            this.host = host;
            this.port = port;
            this.secretFile = secretFile;
            this.address = address;
            this.ports = ports;
        }
    }
}
