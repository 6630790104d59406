import net from 'node:net';

/**
 * Whether something listens on host:port, by connecting once.
 *
 * The stack's ports (54321 and up, 55321 and up for the test stack) lie in Linux's range of
 * ephemeral ports (32768-60999). A connection to such a port while nothing listens there can be
 * given that same port as its own: TCP then connects the socket to itself ("simultaneous open").
 * That is no listener, and the socket holds the port, so the service about to listen on it fails
 * with EADDRINUSE; closed normally, it would go on holding it for a minute in TIME_WAIT. Such a
 * connection is taken as "nothing listens" and reset, which frees the port at once.
 */
export function listening(port: number, host: string): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const socket = net.connect(port, host, () => {
      if (connectedToItself(socket)) {
        socket.resetAndDestroy();
        resolve(false);
        return;
      }
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

/** Whether a connected socket's two ends are the same address and port (see `listening`). */
export function connectedToItself(socket: net.Socket): boolean {
  return socket.localPort === socket.remotePort && socket.localAddress === socket.remoteAddress;
}

/** Waits until something listens on host:port (see `listening`), or throws after `timeoutMs`. */
export async function waitForListener(port: number, host: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await listening(port, host))) {
    if (Date.now() > deadline) throw new Error(`nothing listens on ${host}:${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Whether host:port can be listened on now. */
export function portFree(port: number, host: string): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}
