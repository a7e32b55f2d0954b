package io.hbench.bsp;

/**
 * The code every peer of a BSP job runs. Implementations have a public no-argument constructor: the
 * runtime creates one instance per peer, in whichever process runs that peer.
 */
public interface BspProgram {
    /**
     * Runs on one peer. {@code arguments} are the bytes given in {@link BspJobSpec#arguments()}; the
     * bytes returned reach the submitter as this peer's report in {@link BspJobResult#reports()}.
     */
    byte[] run(BspPeer peer, byte[] arguments) throws Exception;
}
