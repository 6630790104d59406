import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ACTORS, asActor, insertRow, type Actor } from './support.ts';
import { setUpWorld } from './world.ts';

/**
 * The audit trail: the triggers write one entry per admin action with the request's user as actor,
 * clients cannot write or change such entries, and only admins read them (with the actor's name
 * and email) through audit_log_entries.
 */

const { db, world, runAs } = setUpWorld();

interface Entry {
  actor_user_id: string | null;
  action: string;
  entity_type: string;
  entity_id: string;
  metadata: Record<string, unknown>;
}

/** The entries written since `since` (read as the database owner, in the same transaction). */
async function entriesSince(d: pg.Client, since: string): Promise<Entry[]> {
  await d.query('reset role');
  const { rows } = await d.query<Entry>(
    `select actor_user_id, action, entity_type, entity_id, metadata from public.audit_logs
      where created_at >= $1::timestamptz order by created_at, action`,
    [since],
  );
  return rows;
}

/** Runs `work` as `actor` and returns the audit entries it wrote (all rolled back afterwards). */
async function auditOf(actor: Actor, work: (d: pg.Client) => Promise<unknown>): Promise<Entry[]> {
  const result = await runAs(actor, async (d) => {
    // now() is the transaction's start: every entry written in it has this created_at.
    const { rows } = await d.query<{ now: string }>('select now()::text as now');
    await work(d);
    return entriesSince(d, rows[0].now);
  });
  if (!result.ok) throw new Error(`${result.error.code} ${result.error.message}`);
  return result.value;
}

describe('audit triggers', () => {
  it('a flag change: FLAG_UPDATED by the admin, with what changed', async () => {
    const flag = world.rows.feature_flags.fixtureFlag;
    const entries = await auditOf('admin', (d) =>
      d.query('update public.feature_flags set enabled = true where key = $1', [flag]),
    );
    expect(entries).toEqual([
      {
        actor_user_id: world.users.admin,
        action: 'FLAG_UPDATED',
        entity_type: 'feature_flag',
        entity_id: flag,
        metadata: { changes: { enabled: { from: false, to: true } } },
      },
    ]);
  });

  it('an update that changes nothing audited writes nothing', async () => {
    const flag = world.rows.feature_flags.fixtureFlag;
    const entries = await auditOf('admin', (d) =>
      d.query('update public.feature_flags set enabled = enabled where key = $1', [flag]),
    );
    expect(entries).toEqual([]);
  });

  it('a lead status change: LEAD_STATUS_CHANGED; a notes edit is not a status change', async () => {
    const lead = world.rows.waitlist.lead;
    const entries = await auditOf('admin', async (d) => {
      await d.query(`update public.waitlist set notes = 'Called' where id = $1`, [lead]);
      await d.query(`update public.waitlist set status = 'contacted' where id = $1`, [lead]);
    });
    expect(entries).toEqual([
      {
        actor_user_id: world.users.admin,
        action: 'LEAD_STATUS_CHANGED',
        entity_type: 'waitlist',
        entity_id: lead,
        metadata: { changes: { status: { from: 'new', to: 'contacted' } } },
      },
    ]);
  });

  it('sessions: created and deleted by the admin, updated by the assigned coach', async () => {
    const entries = await auditOf('admin', async (d) => {
      const { rows } = await d.query<{ id: string }>(
        `insert into public.coaching_sessions (child_id, starts_at) values ($1, '2030-01-01T10:00:00Z') returning id`,
        [world.rows.children.ourChild],
      );
      await d.query('delete from public.coaching_sessions where id = $1', [rows[0].id]);
    });
    expect(entries.map((e) => [e.action, e.actor_user_id, e.entity_type])).toEqual([
      ['SESSION_CREATED', world.users.admin, 'coaching_session'],
      ['SESSION_DELETED', world.users.admin, 'coaching_session'],
    ]);
    expect(entries[0].metadata).toMatchObject({
      child_id: world.rows.children.ourChild,
      status: 'scheduled',
      duration_minutes: 30,
    });

    const byCoach = await auditOf('coach', (d) =>
      d.query(`update public.coaching_sessions set status = 'completed' where id = $1`, [
        world.rows.coaching_sessions.ourSession,
      ]),
    );
    expect(byCoach).toEqual([
      {
        actor_user_id: world.users.coach,
        action: 'SESSION_UPDATED',
        entity_type: 'coaching_session',
        entity_id: world.rows.coaching_sessions.ourSession,
        metadata: { changes: { status: { from: 'scheduled', to: 'completed' } } },
      },
    ]);
  });

  it('roles: granted and revoked by the admin, the entity being the user', async () => {
    const entries = await auditOf('admin', async (d) => {
      await insertRow(d, 'user_roles', { user_id: world.users.parent, role: 'coach' });
      await d.query(`delete from public.user_roles where user_id = $1 and role = 'coach'`, [
        world.users.parent,
      ]);
    });
    expect(entries).toEqual([
      {
        actor_user_id: world.users.admin,
        action: 'ROLE_GRANTED',
        entity_type: 'user',
        entity_id: world.users.parent,
        metadata: { role: 'coach' },
      },
      {
        actor_user_id: world.users.admin,
        action: 'ROLE_REVOKED',
        entity_type: 'user',
        entity_id: world.users.parent,
        metadata: { role: 'coach' },
      },
    ]);
  });

  it('a change without a JWT subject is the system: no actor, and how it came', async () => {
    await db.query('begin');
    try {
      const { rows } = await db.query<{ now: string }>('select now()::text as now');
      await db.query('update public.feature_flags set enabled = true where key = $1', [
        world.rows.feature_flags.fixtureFlag,
      ]);
      const entries = await entriesSince(db, rows[0].now);
      expect(entries).toEqual([
        expect.objectContaining({
          actor_user_id: null,
          action: 'FLAG_UPDATED',
          metadata: { changes: { enabled: { from: false, to: true } }, via: 'database' },
        }),
      ]);
    } finally {
      await db.query('rollback');
    }
  });

  it('account events from the auth service name the admin stamped in app_metadata', async () => {
    await db.query('begin');
    try {
      const { rows } = await db.query<{ now: string }>('select now()::text as now');
      const stamp = { action: 'deactivate', by: world.users.admin, at: new Date().toISOString() };
      await db.query(
        `update auth.users set banned_until = now() + interval '100 years',
           raw_app_meta_data = raw_app_meta_data || jsonb_build_object('admin_action', $2::jsonb) where id = $1`,
        [world.users.otherParent, JSON.stringify(stamp)],
      );
      // A ban lifted without a stamp (say, from the dashboard) is the system's.
      await db.query('update auth.users set banned_until = null where id = $1', [world.users.otherParent]);
      const entries = await entriesSince(db, rows[0].now);
      expect(entries.map((e) => [e.action, e.actor_user_id, e.entity_id, e.metadata.via])).toEqual([
        ['USER_DEACTIVATED', world.users.admin, world.users.otherParent, undefined],
        ['USER_REACTIVATED', null, world.users.otherParent, 'auth'],
      ]);
    } finally {
      await db.query('rollback');
    }
  });
});

describe('nobody writes or rewrites admin entries through the API', () => {
  for (const actor of ACTORS) {
    it(`${actor} cannot insert an admin action, nor change or delete an entry`, async () => {
      const insert = await runAs(actor, (d) =>
        insertRow(d, 'audit_logs', {
          actor_user_id: actor === 'anon' ? null : world.users[actor],
          action: 'FLAG_UPDATED',
          entity_type: 'feature_flag',
          entity_id: 'signup_enabled',
        }),
      );
      expect(insert).toMatchObject({ ok: false, error: { code: '42501' } });
      for (const sql of [
        'update public.audit_logs set action = $2 where id = $1',
        'delete from public.audit_logs where id = $1',
      ]) {
        const change = await runAs(actor, (d) =>
          d.query(
            sql,
            sql.startsWith('update')
              ? [world.rows.audit_logs.adminLog, 'X_Y_Z']
              : [world.rows.audit_logs.adminLog],
          ),
        );
        expect(change).toMatchObject({ ok: false, error: { code: '42501' } });
      }
    });
  }
});

describe('audit_log_entries and audit_log_facets', () => {
  const fixtureIds = () => Object.values(world.rows.audit_logs);

  it('only admins read entries; the actor comes with name and email', async () => {
    for (const actor of ACTORS) {
      const result = await runAs(actor, async (d) => {
        const { rows } = await d.query(
          `select id, action, actor_first_name, actor_last_name, actor_email
             from public.audit_log_entries where id = any($1) order by action`,
          [fixtureIds()],
        );
        return rows;
      });
      if (actor === 'anon') expect(result).toMatchObject({ ok: false, error: { code: '42501' } });
      else if (actor !== 'admin') expect(result).toEqual({ ok: true, value: [] });
      else {
        const { rows } = await db.query('select email from auth.users where id = $1', [world.users.admin]);
        expect(result.ok && result.value).toEqual([
          {
            id: world.rows.audit_logs.adminLog,
            action: 'LEAD_STATUS_CHANGED',
            actor_first_name: 'Ada',
            actor_last_name: 'Admin',
            actor_email: rows[0].email,
          },
          expect.objectContaining({ action: 'USER_LOGIN', actor_first_name: 'Pat' }),
        ]);
      }
    }
  });

  it('an email is never handed to a non-admin, even through the helper', async () => {
    const result = await asActor(db, 'coach', world.users.coach, async (d) => {
      const { rows } = await d.query('select private.account_email($1) as email', [world.users.parent]);
      return rows[0].email;
    });
    expect(result).toEqual({ ok: true, value: null });
  });

  it('facets list each action and entity type with its count, for admins only', async () => {
    const admin = await asActor(db, 'admin', world.users.admin, async (d) => {
      const { rows } = await d.query(
        `select * from public.audit_log_facets() where action = 'LEAD_STATUS_CHANGED'`,
      );
      return rows;
    });
    expect(admin.ok && admin.value[0]).toMatchObject({
      action: 'LEAD_STATUS_CHANGED',
      entity_type: 'waitlist',
    });
    const parent = await asActor(db, 'parent', world.users.parent, async (d) => {
      const { rows } = await d.query('select * from public.audit_log_facets()');
      return rows;
    });
    expect(parent).toEqual({ ok: true, value: [] });
    const anon = await asActor(db, 'anon', undefined, (d) =>
      d.query('select * from public.audit_log_facets()'),
    );
    expect(anon).toMatchObject({ ok: false, error: { code: '42501' } });
  });
});

describe("a lead's assignee and notes in the audit log, in names", () => {
  const leadOf = async (d: pg.Client) =>
    (
      await d.query<{ id: string }>('select id from public.leads where waitlist_id = $1', [
        world.rows.waitlist.lead,
      ])
    ).rows[0].id;

  it('a new assignee and a note: LEAD_ASSIGNED and LEAD_NOTE_ADDED by the admin who did it', async () => {
    let leadId = '';
    const entries = await auditOf('admin', async (d) => {
      leadId = await leadOf(d);
      // as the leads screen does: an update of the lead, then an insert of the note
      await d.query('update public.leads set assignee_id = $1 where id = $2', [world.users.coach, leadId]);
      await d.query('insert into public.lead_events (lead_id, body) values ($1, $2)', [
        leadId,
        'Called, left a message.',
      ]);
    });
    expect(entries.filter((e) => e.action === 'LEAD_ASSIGNED' || e.action === 'LEAD_NOTE_ADDED')).toEqual([
      {
        actor_user_id: world.users.admin,
        action: 'LEAD_ASSIGNED',
        entity_type: 'lead',
        entity_id: leadId,
        metadata: { changes: { assignee_id: { from: null, to: world.users.coach } } },
      },
      {
        actor_user_id: world.users.admin,
        action: 'LEAD_NOTE_ADDED',
        entity_type: 'lead',
        entity_id: leadId,
        metadata: { body: 'Called, left a message.' },
      },
    ]);
  });

  it("audit_log_entries names the entry's subject and each id in its details, for admins only", async () => {
    const read = (actor: Actor) =>
      asActor(
        db,
        actor,
        world.users[actor as Exclude<Actor, 'anon'>],
        async (d) =>
          (
            await d.query(
              `select entity_name, names from public.audit_log_entries
                where action = 'LEAD_ASSIGNED' and entity_id = $1`,
              [await leadOf(d)],
            )
          ).rows,
        async (d) => {
          await d.query(`select set_config('request.jwt.claims', $1, true)`, [
            JSON.stringify({ sub: world.users.admin, role: 'authenticated' }),
          ]);
          await d.query('update public.leads set assignee_id = $1 where waitlist_id = $2', [
            world.users.coach,
            world.rows.waitlist.lead,
          ]);
          await d.query(`select set_config('request.jwt.claims', '', true)`);
        },
      );
    expect(await read('admin')).toEqual({
      ok: true,
      value: [{ entity_name: 'Lee Lead', names: { [world.users.coach]: 'Casey Coach' } }],
    });
    // the audit log is the admins': a coach reads no entry at all
    expect(await read('coach')).toEqual({ ok: true, value: [] });
  });
});
