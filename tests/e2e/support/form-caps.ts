import { adminDb } from '../../support/stack.ts';

/** The addresses this machine's browser reaches the stack from. */
const LOOPBACK = ['127.0.0.1', '::1', '::ffff:127.0.0.1'];

/**
 * Every page of the e2e suite reaches the stack from this machine's one address, so to the public
 * forms' caps (private.reserve_form_save: 10 saves of a form an hour, 30 a day, per client) the
 * whole suite is one visitor. Each test starts with that client's count empty, as a family's
 * first visit does; the caps themselves are tested from distinct addresses in
 * tests/integration/form-caps.test.ts.
 */
export async function clearFormCapsOfThisMachine(): Promise<void> {
  const db = await adminDb();
  try {
    await db.query('delete from private.form_save_attempts where client = any($1)', [LOOPBACK]);
  } finally {
    await db.end();
  }
}
