import pg from 'pg';
import { dbUrl } from '../config.ts';
import type { Claims } from '../jwt.ts';
import type { StackContext } from '../types.ts';
import {
  CHANGES_CHANNEL,
  DDL_CHANNEL,
  key,
  PublishedTables,
  type ChangeEvent,
  type Notice,
  type TableInfo,
} from './change-capture.ts';
import { Visibility, type Check } from './change-visibility.ts';
import { BROADCAST_CHANNEL, parseDatabaseBroadcast, type DatabaseBroadcast } from './database-broadcast.ts';
import { matchesFilter, type ChangeFilter } from './filter.ts';

/**
 * Postgres changes for the local Realtime: which rows of the tables in publication
 * `supabase_realtime` were inserted, updated or deleted, delivered to each subscribed binding whose
 * role may see the row. The changes are captured by a trigger and NOTIFY (change-capture.ts); the
 * feed LISTENs on its own connection, queues them, groups the subscribers of each change by claims,
 * has their visibility checked (change-visibility.ts) and delivers what each may see, through its
 * filters. UPDATEs and DELETEs carry only the primary key in `old_record` on tables with RLS, as on
 * Supabase.
 */

export interface ChangeBinding {
  id: number;
  event: '*' | ChangeEvent;
  schema: string;
  /** undefined or '*' = every published table of the schema */
  table?: string;
  filter?: ChangeFilter;
}

export interface ChangeData {
  schema: string;
  table: string;
  commit_timestamp: string;
  type: ChangeEvent;
  columns: { name: string; type: string }[];
  record: Record<string, unknown>;
  old_record: Record<string, unknown>;
  errors: null;
}

/** A joined channel with postgres_changes bindings. */
export interface ChangeSubscriber {
  bindings: ChangeBinding[];
  /** the claims of the channel's current access token */
  claims(): Claims;
  deliver(ids: number[], data: ChangeData): void;
}

const RESCAN_INTERVAL_MS = 10_000;
const MAX_BATCH = 500;

/** One change on its way to the subscribers that share one set of claims. */
interface Delivery {
  notice: Notice;
  table: TableInfo;
  check: Check;
  members: { subscriber: ChangeSubscriber; bindings: ChangeBinding[] }[];
}

/**
 * The change as realtime-js receives it, and the row its filters look at: the row sent, or for a
 * DELETE what the subscriber may know of the old row (`bypass`: a role RLS does not hold back).
 */
function changeData(notice: Notice, table: TableInfo, check: Check, bypass: boolean) {
  const pkOnly = (row: Record<string, unknown> | null) =>
    Object.fromEntries(table.primaryKey.filter((k) => row && k in row).map((k) => [k, row![k]]));
  // As Supabase: the whole old row only with replica identity full and no RLS, else its key.
  const fullOld = table.replicaFull && !table.rlsEnabled && !notice.x;
  const record = notice.op === 'DELETE' ? {} : (check.row ?? {});
  const oldRecord = notice.op === 'INSERT' ? {} : fullOld ? (notice.o ?? {}) : pkOnly(notice.o);
  const filterRow = notice.op !== 'DELETE' ? record : bypass ? (notice.o ?? {}) : oldRecord;
  const data: ChangeData = {
    schema: notice.s,
    table: notice.t,
    commit_timestamp: new Date(notice.ts).toISOString(),
    type: notice.op,
    columns: table.columns.map(({ name, type }) => ({ name, type })),
    record,
    old_record: oldRecord,
    errors: null,
  };
  return { data, filterRow };
}

export class ChangeFeed {
  private published: PublishedTables;
  private visibility: Visibility;
  private subscribers = new Set<ChangeSubscriber>();
  private listener: pg.Client | undefined;
  private queue: Notice[] = [];
  private draining = false;
  private rescanTimer: NodeJS.Timeout | undefined;
  private ddlTimer: NodeJS.Timeout | undefined;
  private closed = false;
  private idle: Promise<void> = Promise.resolve();
  private relistening: Promise<void> | undefined;
  /** receives the broadcasts sent from the database with `realtime.send` (database-broadcast.ts) */
  onBroadcast: ((message: DatabaseBroadcast) => void) | undefined;

  constructor(private ctx: StackContext) {
    this.published = new PublishedTables(ctx, () => this.visibility.forget());
    this.visibility = new Visibility(ctx, this.published);
  }

  async start() {
    await this.published.install();
    await this.connectListener();
    // The database restarted (crash): listen again now, whatever became of the retry above.
    this.ctx.events?.on('db-restarted', this.relisten);
    await this.scan();
    this.rescanTimer = setInterval(() => void this.scan().catch(() => {}), RESCAN_INTERVAL_MS);
    this.rescanTimer.unref();
  }

  private async connectListener() {
    const client = new pg.Client({ connectionString: dbUrl(this.ctx.config) });
    client.on('error', (error) => {
      if (this.closed) return;
      this.ctx.log('realtime', `change listener lost: ${error.message}; reconnecting`);
    });
    client.on('end', () => {
      if (this.closed || this.listener !== client) return;
      this.listener = undefined;
      setTimeout(() => this.relisten(), 500).unref();
    });
    client.on('notification', (message) => {
      if (message.channel === DDL_CHANNEL) {
        clearTimeout(this.ddlTimer);
        this.ddlTimer = setTimeout(() => void this.scan().catch(() => {}), 50);
        return;
      }
      if (message.channel === BROADCAST_CHANNEL) {
        const broadcast = parseDatabaseBroadcast(message.payload);
        if (broadcast) this.onBroadcast?.(broadcast);
        return;
      }
      if (message.channel !== CHANGES_CHANNEL || !message.payload) return;
      try {
        this.queue.push(JSON.parse(message.payload) as Notice);
      } catch {
        return;
      }
      this.drain();
    });
    await client.connect();
    await client.query(`listen ${CHANGES_CHANNEL}; listen ${DDL_CHANNEL}; listen ${BROADCAST_CHANNEL}`);
    this.listener = client;
  }

  /** Opens the LISTEN connection again (one attempt at a time), then rescans. */
  private relisten = () => {
    if (this.closed || this.listener || this.relistening) return;
    this.relistening = this.connectListener()
      .then(() => this.scan())
      .catch((e: Error) => this.ctx.log('realtime', `listener reconnect failed: ${e.message}`))
      .finally(() => (this.relistening = undefined));
  };

  /** Reads the publication again (see PublishedTables). */
  scan(): Promise<void> {
    return this.published.scan();
  }

  /**
   * Makes sure the tables a join names are watched, if they are in the publication; returns the
   * tables named that are not (they send nothing, as on Supabase).
   */
  ensureWatched(bindings: ChangeBinding[]): Promise<string[]> {
    return this.published.ensureWatched(bindings);
  }

  subscribe(subscriber: ChangeSubscriber) {
    this.subscribers.add(subscriber);
  }

  unsubscribe(subscriber: ChangeSubscriber) {
    this.subscribers.delete(subscriber);
  }

  async close() {
    this.closed = true;
    this.ctx.events?.off('db-restarted', this.relisten);
    clearInterval(this.rescanTimer);
    clearTimeout(this.ddlTimer);
    this.queue.length = 0;
    await this.published.close();
    await this.idle.catch(() => {});
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => {});
  }

  private drain() {
    if (this.draining || this.closed) return;
    this.draining = true;
    this.idle = (async () => {
      try {
        while (this.queue.length > 0 && !this.closed) {
          // Everything queued so far is checked together: one round trip for a burst of changes.
          const batch = this.queue.splice(0, MAX_BATCH);
          try {
            await this.dispatch(batch);
          } catch (error) {
            this.ctx.log('realtime', `dropped ${batch.length} change(s): ${(error as Error).message}`);
          }
        }
      } finally {
        this.draining = false;
      }
    })();
  }

  private async dispatch(notices: Notice[]) {
    if (notices.some((n) => !this.published.tables.has(key(n.s, n.t)))) await this.scan();
    const deliveries = this.deliveriesOf(notices);
    if (!deliveries.length) return;

    await this.visibility.resolve(deliveries.map((d) => d.check));

    for (const { notice, table, check, members } of deliveries) {
      if (!check.visible) continue;
      const bypass = !table.rlsEnabled || this.published.bypassRoles.has(check.claims.role);
      const { data, filterRow } = changeData(notice, table, check, bypass);
      for (const { subscriber, bindings } of members) {
        if (!this.subscribers.has(subscriber)) continue; // left while the checks ran
        const ids = bindings
          .filter((b) => !b.filter || matchesFilter(b.filter, filterRow, table.types) === true)
          .map((b) => b.id);
        if (ids.length) subscriber.deliver([...new Set(ids)], data);
      }
    }
  }

  /** Who each change may reach: its subscribers grouped by claims, one visibility check a group. */
  private deliveriesOf(notices: Notice[]): Delivery[] {
    const deliveries: Delivery[] = [];
    for (const notice of notices) {
      const table = this.published.tables.get(key(notice.s, notice.t));
      if (!table) continue;
      // Subscribers with the same claims see the same rows: one check per claims and change.
      const groups = new Map<string, Delivery>();
      for (const subscriber of this.subscribers) {
        const bindings = subscriber.bindings.filter(
          (b) =>
            (b.event === '*' || b.event === notice.op) &&
            (b.schema === '*' || b.schema === notice.s) &&
            (!b.table || b.table === '*' || b.table === notice.t),
        );
        if (!bindings.length) continue;
        const claims = subscriber.claims();
        const groupKey = JSON.stringify(claims);
        let delivery = groups.get(groupKey);
        if (!delivery) {
          delivery = { notice, table, check: { notice, table, claims, claimsKey: groupKey }, members: [] };
          groups.set(groupKey, delivery);
          deliveries.push(delivery);
        }
        delivery.members.push({ subscriber, bindings });
      }
    }
    return deliveries;
  }
}
