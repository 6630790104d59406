import { FileDown } from 'lucide-react';
import { RowHeader, Table, TD, TR } from '@/components/ui/table';
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
    <Table
      caption="Invoices, newest first"
      columns={['Date', 'Invoice', 'Amount', 'Status', { label: 'Download', hidden: true }]}
    >
      {invoices.map((invoice) => (
        <TR key={invoice.id}>
          <TD>{formatDate(invoice.createdAt)}</TD>
          <RowHeader>{invoice.number ?? invoice.id}</RowHeader>
          <TD>{formatMoney(invoice.amountDue, invoice.currency)}</TD>
          <TD>{STATUS_LABELS[invoice.status] ?? invoice.status}</TD>
          <TD className="text-right">
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
          </TD>
        </TR>
      ))}
    </Table>
  );
}
