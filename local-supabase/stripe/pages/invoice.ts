import type { ServerResponse } from 'node:http';
import { renderPdf, type PdfLine } from '../pdf.ts';
import type { ApiContext } from '../api.ts';
import type { Invoice } from '../types.ts';
import { day, escapeHtml, money, notFound, page, sendHtml } from './html.ts';

/** An invoice's `hosted_invoice_url` (a page) and `invoice_pdf` (a PDF download). */
const STATUS_TEXT: Record<Invoice['status'], string> = {
  draft: 'Draft',
  open: 'Due',
  paid: 'Paid',
  uncollectible: 'Uncollectible',
  void: 'Void',
};

export function invoicePdf(invoice: Invoice): Buffer {
  const lines: PdfLine[] = [
    { text: 'Ploom', size: 20, bold: true },
    { text: 'Invoice', right: invoice.number ?? 'Draft', size: 14, bold: true, gap: 12 },
    { text: `Date of issue: ${day(invoice.created)}`, gap: 8 },
    { text: `Status: ${STATUS_TEXT[invoice.status]}` },
    ...(invoice.status_transitions.paid_at
      ? [{ text: `Paid on ${day(invoice.status_transitions.paid_at)}` }]
      : []),
    { text: 'Bill to', bold: true, gap: 14 },
    ...(invoice.customer_name ? [{ text: invoice.customer_name }] : []),
    ...(invoice.customer_email ? [{ text: invoice.customer_email }] : []),
    { text: 'Description', right: 'Amount', bold: true, gap: 18 },
    ...invoice.lines.data.flatMap((line) => [
      { text: line.description, right: money(line.amount, invoice.currency), gap: 4 },
      { text: `${day(line.period.start)} – ${day(line.period.end)}`, size: 9 },
    ]),
    { text: 'Subtotal', right: money(invoice.subtotal, invoice.currency), gap: 14 },
    { text: 'Total', right: money(invoice.total, invoice.currency), bold: true },
    ...(invoice.starting_balance !== 0
      ? [
          {
            text: 'Applied balance',
            right: money(Math.max(invoice.starting_balance, -invoice.total), invoice.currency),
          },
        ]
      : []),
    { text: 'Amount paid', right: money(invoice.amount_paid, invoice.currency) },
    { text: 'Amount due', right: money(invoice.amount_remaining, invoice.currency), bold: true },
    {
      text: 'Issued in test mode by the local Stripe stand-in: no real payment was taken.',
      size: 8,
      gap: 30,
    },
  ];
  return renderPdf(`Invoice ${invoice.number ?? invoice.id}`, lines);
}

export function sendInvoicePdf(res: ServerResponse, invoiceId: string, context: ApiContext) {
  const invoice = context.store.data.invoices[invoiceId];
  if (!invoice) return notFound(res, 'This invoice does not exist.');
  const pdf = invoicePdf(invoice);
  res.writeHead(200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="Invoice-${invoice.number ?? invoice.id}.pdf"`,
    'Content-Length': String(pdf.length),
    'Cache-Control': 'no-store',
  });
  res.end(pdf);
}

export function sendInvoicePage(res: ServerResponse, invoiceId: string, context: ApiContext) {
  const invoice = context.store.data.invoices[invoiceId];
  if (!invoice) return notFound(res, 'This invoice does not exist.');
  const rows = invoice.lines.data
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.description)}<br><span class="muted">${day(line.period.start)} – ${day(line.period.end)}</span></td><td class="r">${money(line.amount, invoice.currency)}</td></tr>`,
    )
    .join('');
  sendHtml(
    res,
    200,
    page(
      `Invoice ${invoice.number ?? ''} – Ploom`,
      `<section aria-labelledby="invoice-title"><p class="muted">Ploom</p>
<h1 id="invoice-title">Invoice ${escapeHtml(invoice.number ?? 'draft')}</h1>
<p class="amount">${money(invoice.total, invoice.currency)}</p>
<p>Status: <strong>${STATUS_TEXT[invoice.status]}</strong>${invoice.status_transitions.paid_at ? `, paid on ${day(invoice.status_transitions.paid_at)}` : ''}</p>
<p class="muted">Issued ${day(invoice.created)} to ${escapeHtml(invoice.customer_email ?? invoice.customer)}</p>
<table aria-label="Invoice lines"><thead><tr><th>Description</th><th class="r">Amount</th></tr></thead><tbody>${rows}</tbody></table>
<p><a class="button" href="${escapeHtml(invoice.invoice_pdf ?? '')}" download>Download invoice (PDF)</a></p></section>`,
    ),
  );
}
