import type { ChangeBinding, ChangeData } from './changes.ts';
import { isRecord, log, type Channel, type RealtimeContext } from './context.ts';
import { parseFilter } from './filter.ts';
import { push, systemMessage } from './frames.ts';

/**
 * The postgres_changes extension of a channel: the bindings a join asks for (`config.postgres_changes`),
 * echoed back with their ids in order (realtime-js checks them), then subscribed to the change feed
 * (changes.ts), which delivers each change the channel's role may see.
 */

export interface JoinBindings {
  /** the requested bindings, each with its id, for the join's reply */
  echoed: Record<string, unknown>[];
  /** the valid ones */
  bindings: ChangeBinding[];
  /** why the others were refused, sent as `system` errors after the join */
  errors: string[];
}

type ParsedBinding = { binding: ChangeBinding } | { error: string };

function parseBinding(id: number, raw: Record<string, unknown>): ParsedBinding {
  const event = typeof raw.event === 'string' ? raw.event.toUpperCase() : '';
  if (!['*', 'INSERT', 'UPDATE', 'DELETE'].includes(event)) {
    return { error: `Error parsing \`event\` params: ${String(raw.event)}` };
  }
  const schema = typeof raw.schema === 'string' && raw.schema ? raw.schema : 'public';
  const table = typeof raw.table === 'string' && raw.table ? raw.table : undefined;
  let filter;
  if (typeof raw.filter === 'string' && raw.filter) {
    try {
      filter = parseFilter(raw.filter);
    } catch (error) {
      return { error: (error as Error).message };
    }
  }
  return { binding: { id, event: event as ChangeBinding['event'], schema, table, filter } };
}

/** Reads a join's bindings and makes sure the tables they name are watched. */
export async function joinBindings(rt: RealtimeContext, requested: unknown): Promise<JoinBindings> {
  const result: JoinBindings = { echoed: [], bindings: [], errors: [] };
  for (const raw of Array.isArray(requested) ? requested : []) {
    if (!isRecord(raw)) continue;
    const id = rt.counters.bindingId++;
    result.echoed.push({ ...raw, id });
    const parsed = parseBinding(id, raw);
    if ('error' in parsed) result.errors.push(parsed.error);
    else result.bindings.push(parsed.binding);
  }
  if (result.bindings.length) {
    for (const table of await rt.feed.ensureWatched(result.bindings)) {
      log(rt, `${table} is not in publication supabase_realtime: its changes are not sent`);
    }
  }
  return result;
}

/** After the join's reply: the channel receives its changes, and learns how its bindings went. */
export function subscribeChanges(rt: RealtimeContext, channel: Channel, { bindings, errors }: JoinBindings) {
  if (bindings.length) {
    channel.changes = {
      bindings,
      claims: () => channel.claims,
      deliver: (ids: number[], data: ChangeData) => push(channel, 'postgres_changes', { ids, data }),
    };
    rt.feed.subscribe(channel.changes);
    systemMessage(channel, 'postgres_changes', 'ok', 'Subscribed to PostgreSQL');
  }
  for (const message of errors) systemMessage(channel, 'postgres_changes', 'error', message);
}

export function unsubscribeChanges(rt: RealtimeContext, channel: Channel) {
  if (channel.changes) rt.feed.unsubscribe(channel.changes);
}
