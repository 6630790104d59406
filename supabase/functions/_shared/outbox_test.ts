import assert from 'node:assert/strict';
import { outboxStore, type OutboxClient, type OutboxRow } from './outbox.ts';

interface Letter {
  child_first_name: string;
}

const row = (overrides: Partial<OutboxRow<Letter | null>> = {}): OutboxRow<Letter | null> => ({
  id: 1,
  kind: 'check_in_invitation',
  event: null,
  recipient: 'parent',
  to_email: 'sam@example.com',
  current: true,
  letter: { child_first_name: 'Mia' },
  ...overrides,
});

/** A client that answers claim_outbox with `rows` and records every call. */
function fakeClient(rows: OutboxRow<Letter | null>[], failOn?: string) {
  const calls: [string, Record<string, unknown>][] = [];
  const client: OutboxClient = {
    rpc(fn, args) {
      calls.push([fn, args]);
      if (fn === failOn) return Promise.resolve({ data: null, error: { code: '42501', message: 'denied' } });
      return Promise.resolve({ data: fn === 'claim_outbox' ? rows : null, error: null });
    },
  };
  return { client: () => client, calls };
}

const toItem = (r: OutboxRow<Letter> & { to_email: string }) => ({
  id: r.id,
  current: r.current,
  to: r.to_email,
  child: r.letter.child_first_name,
});

Deno.test('the store claims its own kind through the one claim, with the batch size', async () => {
  const { client, calls } = fakeClient([row()]);
  const items = await outboxStore(client, 'check_in_invitation', toItem).claim(7);
  assert.deepEqual(calls, [['claim_outbox', { kinds: ['check_in_invitation'], max_rows: 7 }]]);
  assert.deepEqual(items, [{ id: 1, current: true, to: 'sam@example.com', child: 'Mia' }]);
});

Deno.test('the store settles through the one settle, the error or null', async () => {
  const { client, calls } = fakeClient([]);
  const store = outboxStore(client, 'message_email', toItem);
  await store.settle(3, 'retry', 'smtp down');
  await store.settle(4, 'sent');
  assert.deepEqual(calls, [
    ['settle_outbox', { outbox_id: 3, result: 'retry', error: 'smtp down' }],
    ['settle_outbox', { outbox_id: 4, result: 'sent', error: null }],
  ]);
});

Deno.test('a row without an address, without a letter or unreadable is skipped, never sent', async () => {
  const { client, calls } = fakeClient([
    row({ id: 1, to_email: null }),
    row({ id: 2, letter: null }),
    row({ id: 3, kind: 'family_notice', event: 'unheard_of' }),
    row({ id: 4 }),
  ]);
  const items = await outboxStore<{ id: number; current: boolean }, Letter>(client, 'family_notice', (r) =>
    r.event === 'unheard_of' ? null : { id: r.id, current: r.current },
  ).claim(50);
  assert.deepEqual(items, [{ id: 4, current: true }]);
  assert.deepEqual(
    calls.filter(([fn]) => fn === 'settle_outbox').map(([, args]) => [args.outbox_id, args.result]),
    [
      [1, 'skipped'],
      [2, 'skipped'],
      [3, 'skipped'],
    ],
  );
});

Deno.test('a database error is thrown (the handler answers 500), not taken for an empty outbox', async () => {
  const { client } = fakeClient([row()], 'claim_outbox');
  await assert.rejects(outboxStore(client, 'session_email', toItem).claim(1), /database: 42501 denied/);
});
