import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import { adminDb, anonClient, uniqueEmail } from '../support/stack.ts';
import { waitForEmail } from '../support/inbox.ts';

/**
 * A notification was shown; it is then closed, as a person would, so it cannot cover the panel's
 * next button (a toast in a background window waits for focus before it leaves by itself).
 */
async function seeToast(page: Page, title: string) {
  const toast = page
    .getByRole('region', { name: /Notifications/ })
    .getByRole('listitem')
    .filter({
      hasText: title,
    });
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: 'Close' }).click();
  await expect(toast).toBeHidden();
}

/** A fresh intro-call request, sent as a visitor's browser sends it. */
async function newLead(overrides: Record<string, unknown> = {}) {
  const row = {
    id: randomUUID(),
    name: 'Elena Vargas',
    email: uniqueEmail('e2e-lead'),
    phone: '(555) 010-4242',
    child_name: 'Pablo',
    age_band: '9',
    challenge: 'confidence',
    consent: true,
    source: 'fit-call',
    landing_path: '/coaching-v2?utm_source=instagram&utm_medium=social&utm_campaign=e2e_spring',
    ...overrides,
  };
  const { error } = await anonClient().from('waitlist').insert(row);
  if (error) throw error;
  return row;
}

/** The count in the leads table's caption. */
async function captionCount(page: Page): Promise<number> {
  const caption = await page.locator('table caption').first().textContent();
  return Number(/(\d+) leads?/.exec(caption ?? '')?.[1] ?? NaN);
}

test.describe('as the demo admin', () => {
  test.use({ signedInAs: 'admin' });

  test('works a lead from new to enrolled: status, note, assignee, enrol with the invitation', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const lead = await newLead();
    await page.goto(`/admin/waitlist?q=${encodeURIComponent(lead.email)}`);
    const table = page.getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table).toContainText('Intro call request');
    await expect(table).toContainText('e2e_spring');
    await expect(table).toContainText('Pablo, age 9');
    await expect(table).toContainText('New');
    await table.getByRole('button', { name: 'Elena Vargas' }).click();

    const panel = page.getByRole('region', { name: /Elena Vargas/ });
    await expect(panel.getByRole('heading', { name: /Elena Vargas/ })).toBeFocused();
    await expectNoAxeViolations(page);

    // Status by keyboard: choose, Tab to Save, Enter.
    const status = panel.getByLabel('Status');
    await status.focus();
    await status.selectOption('contacted');
    await page.keyboard.press('Tab');
    await expect(panel.getByRole('button', { name: 'Save status' })).toBeFocused();
    await page.keyboard.press('Enter');
    await seeToast(page, 'Status updated');
    await expect(panel.getByRole('list', { name: 'History' })).toContainText('Status: New → Contacted');

    await panel.getByLabel('Add a note').fill('Spoke to Elena; intro call on Thursday.');
    await panel.getByRole('button', { name: 'Add note' }).click();
    // Focus returns to the note box for the next note (checked before the toast is closed by a click).
    await expect(panel.getByLabel('Add a note')).toBeFocused();
    await seeToast(page, 'Note added');
    await expect(panel.getByRole('list', { name: 'History' })).toContainText(
      'Spoke to Elena; intro call on Thursday.',
    );

    await panel.getByLabel('Assignee').selectOption({ label: 'Jordan Ellis (coach)' });
    await panel.getByRole('button', { name: 'Save assignee' }).click();
    await seeToast(page, 'Lead assigned');
    await expect(panel.getByRole('list', { name: 'History' })).toContainText('Assigned to Jordan Ellis');

    // All three are kept: a reload opens the lead as saved.
    await page.reload();
    await table.getByRole('button', { name: 'Elena Vargas' }).click();
    await expect(panel.getByLabel('Status')).toHaveValue('contacted');
    await expect(panel.getByLabel('Assignee').locator('option:checked')).toHaveText('Jordan Ellis (coach)');
    const history = panel.getByRole('list', { name: 'History' });
    await expect(history).toContainText('Status: New → Contacted');
    await expect(history).toContainText('Spoke to Elena; intro call on Thursday.');
    await expect(history).toContainText('Assigned to Jordan Ellis');

    await expect(panel.getByLabel("Child's first name")).toHaveValue('Pablo');
    await panel.getByRole('button', { name: 'Enrol family' }).click();
    await seeToast(page, 'Family enrolled');
    await expect(panel).toContainText('This family is enrolled');
    await expect(table).toContainText('Enrolled');

    const invitation = await waitForEmail(lead.email, /invited/i);
    expect(invitation.html).toContain('welcome');
    expect(invitation.text.replace(/\s+/g, ' ')).toContain('invited you to Ploom as a parent.');
    const db = await adminDb();
    try {
      const { rows } = await db.query(
        `select c.first_name, c.age_band from public.children c join auth.users u on u.id = c.parent_id
         where lower(u.email) = lower($1)`,
        [lead.email],
      );
      expect(rows).toEqual([{ first_name: 'Pablo', age_band: '9' }]);
    } finally {
      await db.end();
    }

    // The enrolment is kept too.
    await page.reload();
    await expect(table).toContainText('Enrolled');
    await table.getByRole('button', { name: 'Elena Vargas' }).click();
    await expect(panel).toContainText('This family is enrolled');
  });

  test("a lead's panel opens without re-laying out the table, and Escape gives the keyboard back", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const lead = await newLead({ name: 'Iris Panelova' });
    await page.goto(`/admin/waitlist?q=${encodeURIComponent(lead.email)}`);
    const table = page.getByRole('table');
    const name = table.getByRole('button', { name: 'Iris Panelova' });
    await expect(name).toBeVisible();
    const cell = table.getByRole('cell').first();
    const before = { table: await table.boundingBox(), cell: await cell.boundingBox() };

    // Wide: the panel lies over the table's right-hand columns; the table keeps its size.
    await name.click();
    const panel = page.getByRole('region', { name: /Iris Panelova/ });
    await expect(panel.getByRole('heading', { name: /Iris Panelova/ })).toBeFocused();
    await expect(panel.getByRole('list', { name: 'History' })).toBeVisible();
    expect(await table.boundingBox()).toEqual(before.table);
    expect(await cell.boundingBox()).toEqual(before.cell);
    const box = (await panel.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(before.table!.x + before.table!.width + 1);
    expect(box.y).toBeLessThan(900);
    await expectNoAxeViolations(page);
    // A note being written is kept: Escape there leaves the panel open.
    await panel.getByLabel('Add a note').fill('Call back on Monday');
    await page.keyboard.press('Escape');
    await expect(panel.getByLabel('Add a note')).toHaveValue('Call back on Monday');
    await panel.getByLabel('Status').focus();
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(name).toBeFocused();
    await expect(page).not.toHaveURL(/lead=/);

    // Narrow: the panel opens right under the lead's row, inside the list, not below all of it;
    // the status stays in view beside the name.
    await page.setViewportSize({ width: 390, height: 844 });
    // (the page may be scrolled down from the wide layout: the header row is brought back into view)
    await table.getByRole('columnheader', { name: /^Name/ }).scrollIntoViewIfNeeded();
    await expect(table.getByRole('columnheader', { name: /^Status/ })).toBeInViewport();
    await expect(table.getByRole('columnheader', { name: /^Source/ })).toBeHidden();
    await name.click();
    await expect(panel.getByRole('heading', { name: /Iris Panelova/ })).toBeFocused();
    // Both boxes from one frame: focusing the heading scrolls the page smoothly (the site's
    // scroll-behavior), and two separate reads would each see another point of that scroll.
    const rowElement = await table
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: 'Iris Panelova' }) })
      .elementHandle();
    const { row, opened } = await panel.evaluate(
      (panelElement, rowOfLead) => ({
        row: rowOfLead!.getBoundingClientRect().toJSON() as DOMRect,
        opened: panelElement.getBoundingClientRect().toJSON() as DOMRect,
      }),
      rowElement,
    );
    expect(opened.y).toBeGreaterThanOrEqual(row.y + row.height - 1);
    expect(opened.y).toBeLessThan(row.y + row.height + 24);
    expect(opened.x + opened.width).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect(panel).toHaveCount(0);
    await expect(name).toBeFocused();
  });

  test('on a phone, a lead opened far down the list comes into view, and the next page starts at its first row', async ({
    page,
  }) => {
    // Thirty leads of its own: a full page and five more, whatever other specs add.
    const family = `Scrollrow${randomUUID().slice(0, 8)}`;
    const db = await adminDb();
    try {
      await db.query(
        `insert into public.waitlist (name, email, child_name, age_band, challenge, consent, source, landing_path, created_at)
         select 'Lead ' || g || ' ' || $1, lower($1) || '-' || g || '@example.com', 'Kit', '9', 'focus', true,
                'waitlist', '/pricing', now() - g * interval '1 minute'
           from generate_series(1, 30) as g`,
        [family],
      );
    } finally {
      await db.end();
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/admin/waitlist?q=${family}`);
    const rows = page.getByRole('table').locator('tbody tr');
    await expect(rows).toHaveCount(25);

    const last = rows.last().getByRole('button').first();
    const name = (await last.innerText()).trim();
    await last.click();
    await expect(page).toHaveURL(/lead=/);
    const panel = page.getByRole('region', { name });
    const heading = panel.getByRole('heading', { name });
    await expect(heading).toBeFocused();
    // Still in view once the address has caught up (it changes in a transition, frames later).
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    await expect(heading).toBeInViewport();
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect(last).toBeFocused();

    await page
      .getByRole('navigation', { name: 'Leads pages' })
      .getByRole('button', { name: 'Next page' })
      .click();
    await expect(page).toHaveURL(/page=2/);
    await expect(rows).toHaveCount(5);
    await expect(rows.first()).toBeInViewport();
  });

  test('the CSV export holds every row of the current filter', async ({ page }) => {
    // Leads of its own, so other specs that change leads' statuses cannot change the count.
    const family = `Csvrow${randomUUID().slice(0, 8)}`;
    const leads = [
      await newLead({ name: `Ana ${family}` }),
      await newLead({ name: `Ben ${family}` }),
      await newLead({ name: `Cleo ${family}` }),
    ];
    const db = await adminDb();
    try {
      await db.query(`update public.leads set status = 'contacted' where waitlist_id = any($1)`, [
        leads.slice(0, 2).map((lead) => lead.id),
      ]);
    } finally {
      await db.end();
    }
    await page.goto(`/admin/waitlist?status=contacted&q=${family}`);
    await expect(page.locator('table caption')).toContainText('match these filters');
    const shown = await captionCount(page);
    expect(shown).toBe(2);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^ploom-leads-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Received,Name,Email,Phone,Child,Child age,Focus area,Source,Landing variant,UTM source,UTM medium,UTM campaign,Status,Overdue,Assignee,Message',
    );
    expect(lines).toHaveLength(shown + 1);
    for (const line of lines.slice(1)) {
      expect(line).toContain(',Contacted,');
      expect(line).toContain(family);
    }
    await expect(page.getByText('Export ready', { exact: true })).toBeVisible();
  });

  test('the overview links each figure to the list behind it', async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Beta families enrolled' })).toBeVisible();
    await expect(
      page.getByRole('heading', { name: 'Conversions per landing variant, last 7 days' }),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    // "Waiting for a first reply" counts every lead still marked New; its overdue line counts those
    // of them past the reply promise. Each figure is the count of the list it opens. Tests running
    // beside this one add leads: a figure and its list read across such an insert are read again.
    let waitingFigure = 0;
    await expect(async () => {
      await page.goto('/admin');
      const waiting = page.getByRole('link', { name: /Waiting for a first reply, open the list/ });
      waitingFigure = Number((await waiting.textContent())?.match(/^\d+/)?.[0]);
      await waiting.click();
      await page.waitForURL(/\/admin\/waitlist\?status=new$/);
      await expect(page.getByLabel('Status')).toHaveValue('new');
      await expect(page.locator('table caption')).toContainText('match these filters');
      expect(await captionCount(page)).toBe(waitingFigure);
    }).toPass({ timeout: 30_000 });

    await page.goto('/admin');
    const waitingCard = page.getByRole('heading', { name: 'Waiting for a first reply' }).locator('..');
    await expect(waitingCard).toContainText('Leads still marked New, received in any week.');
    const overdue = waitingCard.getByRole('link', {
      name: /of these still unanswered past the reply promise/,
    });
    const figure = Number((await overdue.textContent())?.match(/^\d+/)?.[0]);
    expect(figure).toBeLessThanOrEqual(waitingFigure);
    await overdue.click();
    await page.waitForURL(/\/admin\/waitlist\?overdue=1$/);
    await expect(page.getByLabel('Only overdue (no reply after 24 h)')).toBeChecked();
    await expect(page.locator('table caption')).toContainText('match these filters');
    expect(await captionCount(page)).toBe(figure);
    await expect(page.getByRole('table').getByText('Overdue').first()).toBeVisible();

    // The week's figure counts every lead received since Monday, whatever its status now.
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Leads received this week' }).locator('..')).toContainText(
      'Forms received since Monday, whatever their status now.',
    );

    // The beta counter counts families with a child with us: it opens the families.
    await expect(page.getByRole('heading', { name: 'Beta families enrolled' }).locator('..')).toContainText(
      'Families with at least one child with us.',
    );
    await page.getByRole('link', { name: /Beta families enrolled, open the list/ }).click();
    await page.waitForURL(/\/admin\/families$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Families' })).toBeVisible();
  });

  test('the newsletter tab lists, searches and unsubscribes', async ({ page }) => {
    const email = uniqueEmail('e2e-reader');
    await anonClient().from('newsletter_subscribers').insert({ email, first_name: 'Remy', source: 'home' });
    await page.goto('/admin/waitlist');
    await page.getByRole('link', { name: 'Newsletter' }).click();
    await expect(page.getByRole('heading', { name: 'Newsletter subscribers' })).toBeVisible();
    await page.getByLabel('Search by email or first name').fill(email);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
    await expectNoAxeViolations(page);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: `Unsubscribe ${email}` }).click();
    await expect(page.getByText('Unsubscribed', { exact: true })).toBeVisible();
    await expect(page.getByRole('table')).not.toContainText(email);

    // Kept: after a reload the same search finds no one.
    await page.reload();
    await page.getByLabel('Search by email or first name').fill(email);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.locator('table caption')).toHaveText('0 subscribers, newest first.');
  });
});

test.describe('as the demo coach', () => {
  test.use({ signedInAs: 'coach' });

  test('sees only the leads assigned to them, and no newsletter, beta counter or enrol', async ({ page }) => {
    await page.goto('/admin/waitlist');
    const table = page.getByRole('table');
    await expect(table).toContainText('Hugo Martin');
    await expect(table).not.toContainText('Nora Quinn');
    const assignees = await table.locator('tbody tr td:nth-child(5)').allTextContents();
    expect(assignees.length).toBeGreaterThan(0);
    expect(new Set(assignees)).toEqual(new Set(['Jordan Ellis']));
    await expect(page.getByRole('link', { name: 'Newsletter' })).toHaveCount(0);

    await table.getByRole('button', { name: 'Hugo Martin' }).click();
    const panel = page.getByRole('region', { name: /Hugo Martin/ });
    await expect(panel.getByLabel('Status')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Enrol family' })).toHaveCount(0);
    await expect(panel.getByLabel('Assignee')).toHaveCount(0);
    await expectNoAxeViolations(page);

    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Your leads received since yesterday' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Beta families enrolled' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});
