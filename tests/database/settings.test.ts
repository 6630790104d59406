import { describe, expect, it } from 'vitest';
import { ACTORS, insertRow } from './support.ts';
import { setUpWorld } from './world.ts';

/** The team settings: admins read and change them (validated, stamped, audited); functions read them. */

const { db, world, runAs: as } = setUpWorld();

describe('app_settings access (role x action)', () => {
  it('select: admins read the one row; signed-in others read nothing; visitors are refused', async () => {
    for (const actor of ACTORS) {
      const result = await as(actor, async (d) => (await d.query('select id from public.app_settings')).rows);
      if (actor === 'anon') expect(result).toMatchObject({ ok: false, error: { code: '42501' } });
      else expect(result, actor).toEqual({ ok: true, value: actor === 'admin' ? [{ id: 'team' }] : [] });
    }
  });

  it('update: only admins change a row; nobody inserts or deletes one', async () => {
    for (const actor of ACTORS) {
      const update = await as(
        actor,
        async (d) => (await d.query('update public.app_settings set reply_within_hours = 12')).rowCount,
      );
      if (actor === 'anon') expect(update).toMatchObject({ ok: false, error: { code: '42501' } });
      else expect(update, actor).toEqual({ ok: true, value: actor === 'admin' ? 1 : 0 });

      const insert = await as(actor, (d) =>
        insertRow(d, 'app_settings', { id: 'team', team_notification_email: 'x@example.com' }),
      );
      expect(insert, actor).toMatchObject({ ok: false, error: { code: '42501' } });
      const remove = await as(actor, (d) => d.query('delete from public.app_settings'));
      expect(remove, actor).toMatchObject({ ok: false, error: { code: '42501' } });
    }
  });

  it('a change is validated, stamped with who made it, and audited', async () => {
    const bad = await as('admin', (d) =>
      d.query(`update public.app_settings set team_notification_email = 'nope'`),
    );
    expect(bad).toMatchObject({ ok: false, error: { code: '23514' } });
    const zero = await as('admin', (d) => d.query('update public.app_settings set reply_within_hours = 0'));
    expect(zero).toMatchObject({ ok: false, error: { code: '23514' } });

    const result = await as('admin', async (d) => {
      await d.query(
        `update public.app_settings set team_notification_email = ' hello@ploom.example ', reply_within_hours = 12`,
      );
      const settings = await d.query(
        'select team_notification_email, reply_within_hours, updated_by from public.app_settings',
      );
      const audit = await d.query(
        `select actor_user_id, action, entity_id, metadata from public.audit_logs
          where action = 'SETTINGS_CHANGED' and created_at = now()`,
      );
      return { settings: settings.rows, audit: audit.rows };
    });
    expect(result).toEqual({
      ok: true,
      value: {
        settings: [
          {
            team_notification_email: 'hello@ploom.example',
            reply_within_hours: 12,
            updated_by: world.users.admin,
          },
        ],
        audit: [
          {
            actor_user_id: world.users.admin,
            action: 'SETTINGS_CHANGED',
            entity_id: 'team',
            metadata: {
              changes: {
                reply_within_hours: { from: 24, to: 12 },
                team_notification_email: { from: 'team@ploom.local', to: 'hello@ploom.example' },
              },
            },
          },
        ],
      },
    });
  });
});

describe('team_settings() for the edge functions', () => {
  it('the service role reads them; API users may not call it', async () => {
    await db.query('begin');
    try {
      await db.query('set local role service_role');
      const { rows } = await db.query('select * from public.team_settings()');
      expect(rows).toEqual([{ team_notification_email: 'team@ploom.local', reply_within_hours: 24 }]);
    } finally {
      await db.query('rollback');
    }
    for (const actor of ACTORS) {
      const result = await as(actor, (d) => d.query('select * from public.team_settings()'));
      expect(result, actor).toMatchObject({ ok: false, error: { code: '42501' } });
    }
  });
});
