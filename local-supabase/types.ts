import type { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type pg from 'pg';
import type { StackConfig } from './config.ts';

/** What every part of the stack is given. */
export interface StackContext {
  config: StackConfig;
  /** superuser pool: platform work (auth schema, migrations, realtime triggers) */
  adminPool: pg.Pool;
  /** pool of the `authenticator` login role: API requests switch to anon/authenticated/service_role */
  apiPool: pg.Pool;
  log: (part: string, message: string) => void;
  /**
   * What happens to the platform under the services. `db-down`: the PostgreSQL server died; until
   * `db-restarted` (it accepts connections again, same data) every connection fails. The pools
   * reconnect by themselves; a service holding its own connection (a LISTEN) opens it again on
   * `db-restarted`. Absent when a service runs on its own (in a test) without a supervised server.
   */
  events?: EventEmitter<StackEvents>;
}

export interface StackEvents {
  'db-down': [];
  'db-restarted': [];
}

/** A part of the gateway that answers plain HTTP under its prefix (e.g. /rest/v1). */
export interface HttpService {
  /** `path` is the request path with the service prefix removed, e.g. `/newsletter_subscribers`. */
  handle(req: IncomingMessage, res: ServerResponse, path: string, url: URL): Promise<void>;
  close?(): Promise<void>;
}

export interface UpgradeService {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  close?(): Promise<void>;
}
