import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { setUpWorld } from './world.ts';

/**
 * Reading a session note keeps who read it (a SESSION_NOTE_READ entry in the audit log), once per
 * person and note in 10 minutes: the session's details read the note each time they open, and six
 * opens in a minute are one read. A read after 10 minutes, or after someone else changed the note,
 * is kept again; each person's reads are their own.
 */

const { world, runAs } = setUpWorld();

const NOTE = 'Kit named three feelings and tried the balloon breath.';
const session = () => world.rows.coaching_sessions!.ourSession!;

/** The session's note, written by `by` at `updatedAt` (SQL), as the database owner. */
async function writeNote(d: pg.Client, by: string, updatedAt = 'now()') {
  await d.query(
    `insert into public.session_notes (session_id, body, updated_by, created_at, updated_at)
     values ($1, $2, $3, ${updatedAt}, ${updatedAt})`,
    [session(), NOTE, by],
  );
}

/** A read of the note by `reader`, kept `ago` (an interval) before now, as the database owner. */
async function keptRead(d: pg.Client, reader: string, ago: string) {
  await d.query(
    `insert into public.audit_logs (actor_user_id, action, entity_type, entity_id, created_at)
     values ($1, 'SESSION_NOTE_READ', 'coaching_session', $2, now() - $3::interval)`,
    [reader, session(), ago],
  );
}

/** The note's kept reads by `reader`, read as the database owner in the same transaction. */
async function readsBy(d: pg.Client, reader: string): Promise<number> {
  await d.query('reset role');
  const { rows } = await d.query<{ n: number }>(
    `select count(*)::int as n from public.audit_logs
      where action = 'SESSION_NOTE_READ' and entity_type = 'coaching_session'
        and entity_id = $1 and actor_user_id = $2`,
    [session(), reader],
  );
  return rows[0].n;
}

/** Reads the note `times` times as the caller; each read answers the note's text. */
async function readNote(d: pg.Client, times = 1) {
  for (let i = 0; i < times; i++) {
    const { rows } = await d.query<{ v: string | null }>('select public.read_session_note($1) as v', [
      session(),
    ]);
    expect(rows[0].v).toBe(NOTE);
  }
}

describe('who read a session note', () => {
  it('six opens of the details in a row keep one read', async () => {
    const result = await runAs(
      'coach',
      async (d) => {
        await readNote(d, 6);
        return readsBy(d, world.users.coach);
      },
      (d) => writeNote(d, world.users.admin, "now() - interval '1 day'"),
    );
    expect(result).toEqual({ ok: true, value: 1 });
  });

  it('a read 5 minutes after a kept one keeps nothing new', async () => {
    const result = await runAs(
      'coach',
      async (d) => {
        await readNote(d);
        return readsBy(d, world.users.coach);
      },
      async (d) => {
        await writeNote(d, world.users.admin, "now() - interval '1 day'");
        await keptRead(d, world.users.coach, '5 minutes');
      },
    );
    expect(result).toEqual({ ok: true, value: 1 });
  });

  it('a read 11 minutes after the last kept one is kept', async () => {
    const result = await runAs(
      'coach',
      async (d) => {
        await readNote(d);
        return readsBy(d, world.users.coach);
      },
      async (d) => {
        await writeNote(d, world.users.admin, "now() - interval '1 day'");
        await keptRead(d, world.users.coach, '11 minutes');
      },
    );
    expect(result).toEqual({ ok: true, value: 2 });
  });

  it("a read after someone else changed the note is kept, even within the 10 minutes; after the reader's own change it is not", async () => {
    const afterOthers = await runAs(
      'coach',
      async (d) => {
        await readNote(d);
        return readsBy(d, world.users.coach);
      },
      async (d) => {
        await writeNote(d, world.users.admin, "now() - interval '1 minute'");
        await keptRead(d, world.users.coach, '5 minutes');
      },
    );
    expect(afterOthers).toEqual({ ok: true, value: 2 });

    const afterOwn = await runAs(
      'coach',
      async (d) => {
        await readNote(d);
        return readsBy(d, world.users.coach);
      },
      async (d) => {
        await writeNote(d, world.users.coach, "now() - interval '1 minute'");
        await keptRead(d, world.users.coach, '5 minutes');
      },
    );
    expect(afterOwn).toEqual({ ok: true, value: 1 });
  });

  it("another person's read is kept as theirs, whoever read it a minute before", async () => {
    const result = await runAs(
      'admin',
      async (d) => {
        await readNote(d, 2);
        return { admin: await readsBy(d, world.users.admin), coach: await readsBy(d, world.users.coach) };
      },
      async (d) => {
        await writeNote(d, world.users.coach, "now() - interval '1 day'");
        await keptRead(d, world.users.coach, '1 minute');
      },
    );
    expect(result).toEqual({ ok: true, value: { admin: 1, coach: 1 } });
  });
});
