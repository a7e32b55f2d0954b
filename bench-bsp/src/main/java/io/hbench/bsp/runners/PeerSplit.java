package io.hbench.bsp.runners;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.InputSplit;

/** The input of one peer's map task: no data, just the peer's index. */
public final class PeerSplit extends InputSplit implements Writable {
    private int index;

    /** For Hadoop, which fills it by {@link #readFields}. */
    public PeerSplit() {
    }

    PeerSplit(int index) {
        this.index = index;
    }

    int index() {
        return index;
    }

    @Override
    public long getLength() {
        return 0;
    }

    @Override
    public String[] getLocations() {
        return new String[0];
    }

    @Override
    public void write(DataOutput out) throws IOException {
        out.writeInt(index);
    }

    @Override
    public void readFields(DataInput in) throws IOException {
        index = in.readInt();
    }
}
