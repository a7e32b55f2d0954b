package io.hbench.federation;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.server.federation.resolver.RemoteLocation;
import org.apache.hadoop.hdfs.server.federation.router.RouterClient;
import org.apache.hadoop.hdfs.server.federation.store.protocol.GetMountTableEntriesRequest;
import org.apache.hadoop.hdfs.server.federation.store.records.MountTable;

/**
 * Reads a Router's mount table through its admin protocol. The only class that touches hadoop-hdfs-rbf, which a
 * cluster's classpath may lack: {@link MountPoints} catches its absence.
 */
final class MountTableReader {
    private MountTableReader() {
    }

    /** Every mount point of the table, in its order, with the nameservice ids of its destinations. */
    static List<MountPoints.Entry> read(InetSocketAddress admin, Configuration conf) throws IOException {
        List<MountPoints.Entry> entries = new ArrayList<>();
        try (RouterClient client = new RouterClient(admin, conf)) {
            for (MountTable entry : client.getMountTableManager()
                    .getMountTableEntries(GetMountTableEntriesRequest.newInstance("/")).getEntries()) {
                List<String> nameservices = new ArrayList<>();
                for (RemoteLocation destination : entry.getDestinations()) {
                    nameservices.add(destination.getNameserviceId());
                }
                entries.add(new MountPoints.Entry(entry.getSourcePath(), nameservices));
            }
        }
        return entries;
    }
}
