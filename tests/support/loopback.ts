import http from 'node:http';
import { randomInt } from 'node:crypto';

/**
 * A visitor on a machine of its own. The stack's gateway knows a client by the address its
 * connection comes from (the last X-Forwarded-For entry it appends), never by the header the client
 * writes, so a test that needs a client of its own connects from an address of its own: any
 * 127.x.y.z is the loopback interface on Linux, and binding the socket to one makes it the peer
 * address the gateway sees.
 */
export function loopbackAddress(): string {
  return `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

/** A fetch whose connections leave from `localAddress` (enough of fetch for supabase-js). */
export function fetchFrom(localAddress: string): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    return new Promise<Response>((resolve, reject) => {
      const outgoing = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: `${url.pathname}${url.search}`,
          method: request.method,
          headers,
          localAddress,
        },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('error', reject);
          answer.on('end', () => {
            const headers = new Headers();
            for (const [name, value] of Object.entries(answer.headers)) {
              for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
                headers.append(name, one);
              }
            }
            const status = answer.statusCode ?? 502;
            const empty = status === 204 || status === 304 || request.method === 'HEAD';
            resolve(new Response(empty ? null : Buffer.concat(chunks), { status, headers }));
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  };
}
