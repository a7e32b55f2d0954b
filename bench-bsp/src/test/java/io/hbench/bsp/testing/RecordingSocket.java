package io.hbench.bsp.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;

/** A connected socket's stand-in that keeps a copy of every byte written through it: a handshake to replay. */
public final class RecordingSocket extends Socket {
    private final Socket socket;
    private final ByteArrayOutputStream written = new ByteArrayOutputStream();

    public RecordingSocket(Socket socket) {
        this.socket = socket;
    }

    public byte[] written() {
        return written.toByteArray();
    }

    @Override
    public InputStream getInputStream() throws IOException {
        return socket.getInputStream();
    }

    @Override
    public OutputStream getOutputStream() throws IOException {
        OutputStream out = socket.getOutputStream();
        return new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                written.write(b);
                out.write(b);
            }

            @Override
            public void write(byte[] bytes, int offset, int length) throws IOException {
                written.write(bytes, offset, length);
                out.write(bytes, offset, length);
            }
        };
    }

    @Override
    public synchronized int getSoTimeout() throws SocketException {
        return socket.getSoTimeout();
    }

    @Override
    public synchronized void setSoTimeout(int timeout) throws SocketException {
        socket.setSoTimeout(timeout);
    }
}
