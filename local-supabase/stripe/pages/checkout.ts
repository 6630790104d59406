import type { IncomingMessage, ServerResponse } from 'node:http';
import { NO_REQUEST } from '../billing.ts';
import { complete, refreshExpiry } from '../resources/checkout-sessions.ts';
import type { ApiContext } from '../api.ts';
import type { CheckoutSession } from '../types.ts';
import { cardFields, checkCardInput, readCardInput, type CardInput } from './card-form.ts';
import { day, escapeHtml, money, notFound, page, redirect, sendHtml } from './html.ts';

/**
 * The hosted Checkout page a session's `url` points to: what is bought, the card form, then a
 * redirect to `success_url` (with `{CHECKOUT_SESSION_ID}` replaced by the session's id). A declined
 * card shows Stripe's decline message and the form again.
 */
function summary(session: CheckoutSession, context: ApiContext): string {
  const lines = context.store.data.checkoutPrivate[session.id]?.lineItems ?? [];
  const rows = lines
    .map((line) => {
      const price = context.store.data.prices[line.price];
      const interval = price.recurring ? ` per ${price.recurring.interval}` : '';
      return `<tr><td>${escapeHtml(context.billing.productName(price))}${line.quantity > 1 ? ` × ${line.quantity}` : ''}</td><td class="r">${money(price.unit_amount * line.quantity, price.currency)}${interval}</td></tr>`;
    })
    .join('');
  const first = lines[0] ? context.store.data.prices[lines[0].price] : undefined;
  const name = first ? context.billing.productName(first) : 'Subscription';
  return `<section aria-labelledby="summary-title"><p class="muted">Ploom</p>
<h1 id="summary-title">Subscribe to ${escapeHtml(name)}</h1>
<p class="amount">${money(session.amount_total, session.currency)}<span class="muted" style="font-size:16px;font-weight:400"> per month</span></p>
<table aria-label="What you pay"><tbody>${rows}</tbody></table>
<p class="muted">Billed monthly from today, ${day(Math.floor(Date.now() / 1000))}. Cancel at any time.</p>
${session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">← Back to Ploom</a></p>` : ''}</section>`;
}

function renderForm(
  session: CheckoutSession,
  context: ApiContext,
  input: Partial<CardInput>,
  error?: { field: string; message: string },
) {
  const customer = session.customer ? context.store.data.customers[session.customer] : undefined;
  const email = customer?.email ?? session.customer_email ?? input.email ?? '';
  const locked = Boolean(customer?.email ?? session.customer_email);
  return page(
    `Subscribe – Ploom (test mode)`,
    `${summary(session, context)}
<section aria-labelledby="pay-title"><h2 id="pay-title">Pay with card</h2>
<form method="post" action="/c/pay/${escapeHtml(session.id)}" novalidate>
${cardFields(input, error, { value: email, locked })}
<button type="submit">Subscribe</button></form></section>`,
  );
}

function closedPage(session: CheckoutSession): string {
  const done = session.status === 'complete';
  const link = done ? session.success_url : session.cancel_url;
  return page(
    done ? 'Payment complete' : 'Checkout expired',
    `<section><h1>${done ? 'This payment is complete' : 'This checkout page has expired'}</h1>
<p>${done ? 'Thank you: your subscription is active.' : 'Go back and start again.'}</p>
${link ? `<p><a class="button" href="${escapeHtml(link.replace('{CHECKOUT_SESSION_ID}', session.id))}">Back to Ploom</a></p>` : ''}</section>`,
  );
}

export async function handleCheckoutPage(
  req: IncomingMessage,
  res: ServerResponse,
  sessionId: string,
  context: ApiContext,
  readBody: () => Promise<string>,
) {
  const session = context.store.data.checkoutSessions[sessionId];
  if (!session) return notFound(res, 'This checkout page does not exist.');
  refreshExpiry(session, context);
  if (session.status !== 'open') return sendHtml(res, 200, closedPage(session));
  if (req.method !== 'POST') return sendHtml(res, 200, renderForm(session, context, {}));

  const input = readCardInput(new URLSearchParams(await readBody()));
  const customer = session.customer ? context.store.data.customers[session.customer] : undefined;
  const presetEmail = customer?.email ?? session.customer_email;
  if (presetEmail) input.email = presetEmail;
  const card = checkCardInput(input, true);
  if (!card.ok) {
    return sendHtml(
      res,
      402,
      renderForm(session, context, input, { field: card.field, message: card.decline.message }),
    );
  }
  const result = complete(
    session,
    {
      email: input.email,
      name: input.name,
      number: card.number,
      expMonth: card.expMonth,
      expYear: card.expYear,
    },
    context,
    NO_REQUEST,
  );
  if (!result.ok) {
    return sendHtml(
      res,
      402,
      renderForm(session, context, input, { field: 'number', message: result.decline.message }),
    );
  }
  // The webhook has had its first delivery attempt before the person is sent back.
  await context.webhooks.settle();
  if (!session.success_url) return sendHtml(res, 200, closedPage(session));
  redirect(res, session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id));
}
