import { test } from '@playwright/test';
import { adminDb } from '../../support/stack.ts';

/**
 * Every page of the e2e suite reaches the stack from this machine's one address, so to the mail
 * caps the whole suite is one client: more than the 10 different recipients an hour a real visitor
 * may mail (private.reserve_mail_send). A spec whose forms send mail starts each test with that
 * client's hour empty; the caps themselves are tested from distinct addresses in
 * tests/integration/functions.test.ts and tests/database/abuse-limits.test.ts.
 */
export function startEachTestWithFreshMailCaps() {
  test.beforeEach(async () => {
    const db = await adminDb();
    try {
      await db.query(`delete from private.mail_send_attempts where client = any($1)`, [
        ['127.0.0.1', '::1', '::ffff:127.0.0.1'],
      ]);
    } finally {
      await db.end();
    }
  });
}
