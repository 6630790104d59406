import type pg from 'pg';

/**
 * Broadcast from the database, as on Supabase: `realtime.send(payload, event, topic, private)`
 * called in a transaction (typically from a trigger) broadcasts `payload` as `event` on `topic`
 * once the transaction commits; a rolled-back transaction sends nothing. Hosted Realtime reads
 * these from `realtime.messages` through logical replication; the local stack has the function
 * NOTIFY the change feed's connection instead (NOTIFY is delivered at commit too), and stores
 * nothing. A private topic reaches only the members that the policies on `realtime.messages` let
 * read broadcasts, like any broadcast on a private channel. A failure is a warning, never an error
 * in the caller's transaction, as hosted's `realtime.send` does it.
 */
export const BROADCAST_CHANNEL = 'local_realtime_broadcast';

/** NOTIFY's payload limit is 8,000 bytes; the envelope takes a little of it. */
const MAX_NOTIFY_BYTES = 7900;

export async function installDatabaseBroadcast(client: pg.ClientBase): Promise<void> {
  await client.query(`
create schema if not exists realtime;
create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true)
returns void
language plpgsql
security definer
set search_path = ''
as $fn$
declare
  message text;
begin
  message := json_build_object('topic', topic, 'event', event, 'payload', payload, 'private', coalesce(private, true))::text;
  if octet_length(message) > ${MAX_NOTIFY_BYTES} then
    raise warning 'realtime.send: payload too large for topic %', topic;
    return;
  end if;
  perform pg_notify('${BROADCAST_CHANNEL}', message);
exception when others then
  raise warning 'realtime.send failed for topic %: %', topic, sqlerrm;
end;
$fn$;
revoke execute on function realtime.send(jsonb, text, text, boolean) from public;
grant execute on function realtime.send(jsonb, text, text, boolean) to postgres, service_role;
`);
}

/** A broadcast sent from the database, as NOTIFY carries it. */
export interface DatabaseBroadcast {
  topic: string;
  event: string;
  payload: unknown;
  private: boolean;
}

export function parseDatabaseBroadcast(text: string | undefined): DatabaseBroadcast | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as Partial<DatabaseBroadcast>;
    if (typeof value.topic !== 'string' || typeof value.event !== 'string') return undefined;
    return {
      topic: value.topic,
      event: value.event,
      payload: value.payload ?? {},
      private: value.private !== false,
    };
  } catch {
    return undefined;
  }
}
