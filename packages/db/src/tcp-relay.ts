import net from 'node:net';

/** A loopback TCP relay to a server (PostgreSQL, NATS…) that a test can cut and restore. */
export interface TcpRelay {
  /** The loopback port it listens on, the same after a cut and a restore. */
  readonly port: number;
  /** Cuts it: the open connections dropped at once, new ones refused until `restore`. Nothing if cut already. */
  cut(): Promise<void>;
  /** Lets connections through again, on the same port. Nothing if it is up. */
  restore(): Promise<void>;
  /** Ends it (a cut); for a test's clean-up. */
  close(): Promise<void>;
}

/**
 * A relay on a free loopback port to `target`, up: what the test's process connects to instead of the server, so
 * that it can take the server away from that process (and give it back) while the test itself still reaches it.
 */
export async function startTcpRelay(target: { host?: string; port: number }): Promise<TcpRelay> {
  const host = target.host ?? '127.0.0.1';
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const restore = async () => {
    if (server) return;
    const next = net.createServer((client) => {
      const upstream = net.connect(target.port, host);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => {});
      }
      client.pipe(upstream).pipe(client);
      // One side gone, the other with it (a pipe passes an end on, not a reset).
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => resolve());
    });
    port = (next.address() as net.AddressInfo).port;
    server = next;
  };
  const cut = async () => {
    const current = server;
    if (!current) return;
    server = null;
    // close() refuses new connections at once and calls back once the open ones, destroyed here, are gone.
    const closed = new Promise<void>((resolve) => current.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
  };
  await restore();
  return {
    get port() {
      return port;
    },
    cut,
    restore,
    close: cut,
  };
}
