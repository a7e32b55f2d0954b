package io.hbench.bsp.coordination;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.Socket;

/** What a test that plays a peer by hand sends its coordinator. */
final class FakePeer {
    private FakePeer() {
    }

    /** REGISTER as peer {@code index}, whose data listener is at 127.0.0.1:{@code dataPort}. */
    static byte[] registration(int index, int dataPort) {
        return registration(index, "127.0.0.1", dataPort);
    }

    /** REGISTER as peer {@code index}, whose data listener is at {@code host}:{@code dataPort}. */
    static byte[] registration(int index, String host, int dataPort) {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            DataOutputStream out = new DataOutputStream(bytes);
            out.writeByte(ControlChannel.REGISTER);
            out.writeInt(index);
            out.writeUTF(host);
            out.writeInt(dataPort);
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException("writing to memory", e);
        }
    }

    /** Sends {@link #registration} on a control connection that has proven the secret. */
    static void register(Socket control, int index, int dataPort) throws IOException {
        control.getOutputStream().write(registration(index, dataPort));
        control.getOutputStream().flush();
    }
}
