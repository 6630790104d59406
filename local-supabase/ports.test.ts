import fs from 'node:fs';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { connectedToItself, listening, portFree, waitForListener } from './ports.ts';

const host = '127.0.0.1';
const open: { close(): void }[] = [];
afterEach(() => {
  for (const thing of open.splice(0)) thing.close();
});

/** A port nothing listens on now (the kernel's pick for a listener, closed again). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The states (Linux's codes, 06 is TIME_WAIT) of the TCP sockets whose own port is `port`. */
function socketsOn(port: number): string[] {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  return fs
    .readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields[1]?.endsWith(`:${hex}`))
    .map((fields) => fields[3]!);
}

async function listenOn(port: number) {
  const server = net.createServer((socket) => socket.end());
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  open.push(server);
}

describe('listening', () => {
  it('is true for a port with a listener and false for one without', async () => {
    const port = await freePort();
    expect(await listening(port, host)).toBe(false);
    await listenOn(port);
    expect(await listening(port, host)).toBe(true);
  });

  it('waits for a listener that comes, and names the port of one that never does', async () => {
    const port = await freePort();
    setTimeout(() => void listenOn(port), 200);
    await waitForListener(port, host, 5000);
    const never = await freePort();
    await expect(waitForListener(never, host, 100)).rejects.toThrow(`nothing listens on ${host}:${never}`);
  });
});

describe('a connection to itself', () => {
  it('is told apart from a listener, and once reset leaves its port free to listen on', async () => {
    const port = await freePort();
    // The case `listening` guards against, made on purpose: a client whose own port is the one it
    // connects to, while nothing listens there, is connected to itself.
    const socket = net.connect({ port, host, localPort: port, localAddress: host });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    expect(connectedToItself(socket)).toBe(true);
    expect(socketsOn(port)).not.toEqual([]);
    socket.resetAndDestroy();
    await new Promise((resolve) => socket.once('close', resolve));
    // Reset, not closed: no socket stays behind on the port (TIME_WAIT would hold it a minute
    // against a listener, when the client did not share it with SO_REUSEADDR as this one does).
    expect(socketsOn(port)).toEqual([]);
    expect(await portFree(port, host)).toBe(true);
  });

  it('is not what a connection to a listener is', async () => {
    const port = await freePort();
    await listenOn(port);
    const socket = net.connect(port, host);
    await new Promise((resolve) => socket.once('connect', resolve));
    expect(connectedToItself(socket)).toBe(false);
    socket.destroy();
  });
});
