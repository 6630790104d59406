import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { useExportSubscribers } from '../api/export-subscribers';
import { SUBSCRIBER_PAGE_SIZE, useSubscribers } from '../api/get-newsletter-subscribers';
import { useUnsubscribeSubscriber } from '../api/unsubscribe-subscriber';
import { Pagination } from '@/components/ui/pagination';
import { RowHeader, Table, TD, TR } from '@/components/ui/table';

/** The newsletter's subscribers: search, export, unsubscribe (which removes the address). */
export function NewsletterSubscribers() {
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState<string>();
  const [page, setPage] = useState(1);
  const { data, isPending, isError, error } = useSubscribers({ q, page });
  const unsubscribe = useUnsubscribeSubscriber();
  const exportAll = useExportSubscribers();
  const search = (event: FormEvent) => {
    event.preventDefault();
    setQ(draft.trim() || undefined);
    setPage(1);
  };
  const remove = (id: string, email: string) => {
    if (!window.confirm(`Unsubscribe ${email}? The address is removed from the list.`)) return;
    unsubscribe.mutate(id, {
      onSuccess: () => {
        toast({ title: 'Unsubscribed', description: email });
        document.getElementById('subscribers-heading')?.focus();
      },
      onError: (e) =>
        toast({ title: 'Not unsubscribed', description: (e as Error).message, variant: 'destructive' }),
    });
  };
  return (
    <section aria-labelledby="subscribers-heading" className="space-y-4">
      <h2 id="subscribers-heading" tabIndex={-1} className="font-display text-xl font-bold">
        Newsletter subscribers
      </h2>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <form
          role="search"
          aria-label="Search subscribers"
          onSubmit={search}
          className="flex items-end gap-2"
        >
          <Field label="Search by email or first name">
            <Input type="search" value={draft} onChange={(e) => setDraft(e.target.value)} />
          </Field>
          <Button type="submit" variant="secondary" size="sm">
            Search
          </Button>
        </form>
        <Button
          variant="secondary"
          size="sm"
          disabled={exportAll.isPending}
          onClick={() =>
            exportAll.mutate(q, {
              onSuccess: (count) =>
                toast({ title: 'Export ready', description: `${count} subscribers saved as CSV.` }),
              onError: (e) =>
                toast({
                  title: 'The export failed',
                  description: (e as Error).message,
                  variant: 'destructive',
                }),
            })
          }
        >
          Export CSV
        </Button>
      </div>
      {isError ? (
        <p role="alert">The subscribers could not be loaded: {(error as Error).message}</p>
      ) : isPending ? (
        <p>Loading subscribers…</p>
      ) : (
        <>
          <Table
            density="sm"
            captionVisible
            caption={`${data.count === 1 ? '1 subscriber' : `${data.count} subscribers`}, newest first.`}
            columns={[
              'Email',
              'First name',
              'Signed up on',
              'Subscribed',
              { label: 'Actions', hidden: true },
            ]}
          >
            {data.rows.map((s) => (
              <TR key={s.id}>
                <RowHeader strong>{s.email}</RowHeader>
                <TD>{s.first_name ?? '—'}</TD>
                <TD>{s.source ?? '—'}</TD>
                <TD>{new Date(s.created_at).toLocaleDateString()}</TD>
                <TD>
                  <Button variant="ghost" size="sm" onClick={() => remove(s.id, s.email)}>
                    Unsubscribe<span className="sr-only"> {s.email}</span>
                  </Button>
                </TD>
              </TR>
            ))}
          </Table>
          <Pagination
            page={page}
            pageSize={SUBSCRIBER_PAGE_SIZE}
            total={data.count}
            noun={['subscriber', 'subscribers']}
            label="Subscriber pages"
            onPage={setPage}
          />
        </>
      )}
    </section>
  );
}
