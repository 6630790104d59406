import { FileDown } from 'lucide-react';
import type { Invoice } from '../api/get-billing';
import { formatDate, formatMoney } from '../lib/billing-state';

const STATUS_LABELS: Record<string, string> = {
  paid: 'Paid',
  open: 'Due',
  void: 'Void',
  uncollectible: 'Uncollectible',
};

/** Past invoices, newest first, each with its PDF from Stripe. */
export function InvoicesTable({ invoices }: { invoices: Invoice[] }) {
  if (invoices.length === 0) return <p className="text-ink-muted">No invoices yet.</p>;
  return (
    <div className="relative overflow-x-auto rounded-2xl border border-brand-100 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Invoices, newest first</caption>
        <thead className="bg-brand-50 text-ink">
          <tr>
            <th scope="col" className="px-4 py-3">
              Date
            </th>
            <th scope="col" className="px-4 py-3">
              Invoice
            </th>
            <th scope="col" className="px-4 py-3">
              Amount
            </th>
            <th scope="col" className="px-4 py-3">
              Status
            </th>
            <th scope="col" className="px-4 py-3">
              <span className="sr-only">Download</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {invoices.map((invoice) => (
            <tr key={invoice.id} className="border-t border-brand-100">
              <td className="px-4 py-3">{formatDate(invoice.createdAt)}</td>
              <th scope="row" className="px-4 py-3 font-normal">
                {invoice.number ?? invoice.id}
              </th>
              <td className="px-4 py-3">{formatMoney(invoice.amountDue, invoice.currency)}</td>
              <td className="px-4 py-3">{STATUS_LABELS[invoice.status] ?? invoice.status}</td>
              <td className="px-4 py-3 text-right">
                {invoice.invoicePdf ? (
                  <a
                    href={invoice.invoicePdf}
                    download
                    rel="noopener noreferrer"
                    className="inline-flex min-h-11 items-center gap-2 rounded-full px-3 font-semibold text-brand-800 hover:bg-brand-50"
                  >
                    <FileDown className="h-4 w-4" aria-hidden="true" />
                    Download<span className="sr-only"> invoice {invoice.number ?? invoice.id} (PDF)</span>
                  </a>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
