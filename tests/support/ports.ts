import net from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * `count` distinct ports on 127.0.0.1 that nothing listens on or connects from, as the system hands
 * them out. A fixed port may be taken by any other program, or be the local end of one of the many
 * connections the tests open (the system picks those from the same range).
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<net.Server>((resolve, reject) => {
          const server = net.createServer();
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => (server.address() as AddressInfo).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}
