package io.hbench.nnthroughput;

import java.util.Set;

/**
 * The simulated DataNodes of blockReport and replication, and the block reports they send: how many DataNodes,
 * reports, blocks in each report and blocks in each file. Immutable; {@link NnOptions.Builder} checks the values and
 * names the flags.
 */
final class BlockReportOptions {
    static final BlockReportOptions DEFAULT = new BlockReportOptions(10, 30, 100, 10);

    private final int datanodes;
    private final int reports;
    private final int blocksPerReport;
    private final int blocksPerFile;

    BlockReportOptions(int datanodes, int reports, int blocksPerReport, int blocksPerFile) {
        if (datanodes < 1 || reports < 1 || blocksPerReport < 1 || blocksPerFile < 1) {
            throw new IllegalArgumentException("datanodes, reports, blocksPerReport and blocksPerFile are at least 1,"
                    + " got " + datanodes + ", " + reports + ", " + blocksPerReport + " and " + blocksPerFile);
        }
        this.datanodes = datanodes;
        this.reports = reports;
        this.blocksPerReport = blocksPerReport;
        this.blocksPerFile = blocksPerFile;
    }

    /** These values where {@code own} names the option, the defaults elsewhere. */
    BlockReportOptions keeping(Set<NnOption> own) {
        return new BlockReportOptions(own.contains(NnOption.DATANODES) ? datanodes : DEFAULT.datanodes,
                own.contains(NnOption.REPORTS) ? reports : DEFAULT.reports,
                own.contains(NnOption.BLOCKS_PER_REPORT) ? blocksPerReport : DEFAULT.blocksPerReport,
                own.contains(NnOption.BLOCKS_PER_FILE) ? blocksPerFile : DEFAULT.blocksPerFile);
    }

    int datanodes() {
        return datanodes;
    }

    int reports() {
        return reports;
    }

    int blocksPerReport() {
        return blocksPerReport;
    }

    int blocksPerFile() {
        return blocksPerFile;
    }
}
