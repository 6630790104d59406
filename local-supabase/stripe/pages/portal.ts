import type { IncomingMessage, ServerResponse } from 'node:http';
import { NO_REQUEST } from '../billing.ts';
import type { ApiContext } from '../api.ts';
import type { BillingPortalSession } from '../types.ts';
import { cardFields, checkCardInput, readCardInput, type CardInput } from './card-form.ts';
import { day, escapeHtml, money, notFound, page, sendHtml } from './html.ts';

/**
 * The customer portal a billing portal session's `url` opens: the subscriptions and the card on
 * file, and a form to replace the card. A new card becomes the default for the customer and their
 * subscriptions, and unpaid invoices are charged on it at once.
 */
const PORTAL_LIFETIME_SECONDS = 3600;

function render(
  session: BillingPortalSession,
  context: ApiContext,
  input: Partial<CardInput>,
  message?: { ok: boolean; field?: string; text: string },
) {
  const { store } = context;
  const customer = store.data.customers[session.customer];
  const subscriptions = Object.values(store.data.subscriptions).filter(
    (subscription) => subscription.customer === session.customer && subscription.status !== 'canceled',
  );
  const methodId =
    subscriptions.find((subscription) => subscription.default_payment_method)?.default_payment_method ??
    customer?.invoice_settings.default_payment_method;
  const method = methodId ? store.data.paymentMethods[methodId] : undefined;
  const due = Object.values(store.data.invoices).filter(
    (invoice) => invoice.customer === session.customer && invoice.status === 'open',
  );
  const plans = subscriptions
    .map((subscription) => {
      const item = subscription.items.data[0];
      return `<li>${escapeHtml(context.billing.productName(item.price))}: ${money(item.price.unit_amount, item.price.currency)} per month, ${escapeHtml(subscription.status.replace('_', ' '))}; current period ends ${day(item.current_period_end)}</li>`;
    })
    .join('');
  return page(
    'Billing – Ploom (test mode)',
    `<section aria-labelledby="portal-title"><p class="muted">Ploom</p><h1 id="portal-title">Billing</h1>
<p>${escapeHtml(customer?.email ?? '')}</p>
<h2>Subscriptions</h2><ul>${plans || '<li>None</li>'}</ul>
<h2>Card on file</h2><p>${method ? `${escapeHtml(method.card.brand)} ending in ${escapeHtml(method.card.last4)}, expires ${method.card.exp_month}/${method.card.exp_year}` : 'None'}</p>
${due.length ? `<p class="error">Unpaid: ${due.map((invoice) => `${escapeHtml(invoice.number ?? invoice.id)} (${money(invoice.amount_remaining, invoice.currency)})`).join(', ')}</p>` : ''}
${session.return_url ? `<p><a href="${escapeHtml(session.return_url)}">← Return to Ploom</a></p>` : ''}</section>
<section aria-labelledby="card-title"><h2 id="card-title">Update card</h2>
<form method="post" action="/p/session/${escapeHtml(session.id)}" novalidate>
${cardFields(input, message && !message.ok ? { field: message.field ?? 'number', message: message.text } : undefined, undefined)}
<button type="submit">Save card</button></form>
${message?.ok ? `<p class="ok" role="status">${escapeHtml(message.text)}</p>` : ''}</section>`,
  );
}

export async function handlePortalPage(
  req: IncomingMessage,
  res: ServerResponse,
  sessionId: string,
  context: ApiContext,
  readBody: () => Promise<string>,
) {
  const session = context.store.data.portalSessions[sessionId];
  if (!session) return notFound(res, 'This portal link does not exist.');
  if (session.created + PORTAL_LIFETIME_SECONDS < Math.floor(Date.now() / 1000)) {
    return notFound(res, 'This portal link has expired: open billing again from Ploom.');
  }
  if (req.method !== 'POST') return sendHtml(res, 200, render(session, context, {}));
  const input = readCardInput(new URLSearchParams(await readBody()));
  const card = checkCardInput(input, false);
  if (!card.ok) {
    return sendHtml(
      res,
      402,
      render(session, context, input, { ok: false, field: card.field, text: card.decline.message }),
    );
  }
  const { store, billing } = context;
  const customer = store.data.customers[session.customer];
  const method = billing.attachCard(
    customer,
    { number: card.number, expMonth: card.expMonth, expYear: card.expYear, name: input.name || null },
    NO_REQUEST,
  );
  billing.setDefaultPaymentMethod(customer, method.id, NO_REQUEST);
  for (const subscription of Object.values(store.data.subscriptions)) {
    if (subscription.customer !== customer.id || subscription.status === 'canceled') continue;
    const before = JSON.parse(JSON.stringify(subscription)) as typeof subscription;
    subscription.default_payment_method = method.id;
    store.save();
    context.webhooks.emit(
      'customer.subscription.updated',
      subscription,
      { default_payment_method: before.default_payment_method },
      NO_REQUEST,
    );
  }
  const failures: string[] = [];
  for (const invoice of Object.values(store.data.invoices)) {
    if (invoice.customer !== customer.id || invoice.status !== 'open') continue;
    const decline = billing.payInvoice(invoice, method.id, NO_REQUEST);
    if (decline) failures.push(decline.message);
  }
  await context.webhooks.settle();
  if (failures.length > 0) {
    return sendHtml(
      res,
      402,
      render(
        session,
        context,
        {},
        { ok: false, text: `Card saved, but the unpaid invoice could not be charged: ${failures[0]}` },
      ),
    );
  }
  sendHtml(
    res,
    200,
    render(session, context, {}, { ok: true, text: 'Card saved. Any unpaid invoice has been paid.' }),
  );
}
