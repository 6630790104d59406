import { useMemo, useState } from 'react';
import { PublicLayout } from '@/app/components/public-layout';
import { site } from '@/config/site';
import { emailPreviews } from '@/content/emails-preview';
import { cn } from '@/lib/cn';
import { usePageMeta } from '@/lib/use-page-meta';
import { PageHeader } from '@/features/marketing/components/page-header';
import { useNoIndex } from '@/features/marketing/hooks/use-noindex';

export default function TestEmailPage() {
  usePageMeta({
    title: 'Email previews',
    description: `Previews of the emails ${site.name} sends, rendered from sample data. Nothing is sent from this page.`,
  });
  useNoIndex();
  const [selectedId, setSelectedId] = useState(emailPreviews[0]!.id);
  const [view, setView] = useState<'html' | 'text'>('html');
  const preview = emailPreviews.find((p) => p.id === selectedId)!;
  const email = useMemo(() => preview.build(window.location.origin), [preview]);

  return (
    <PublicLayout>
      <main id="main">
        <PageHeader width="wide" eyebrow="Internal" title="Email previews">
          <p>
            The emails the product sends, rendered by the same templates with sample data.{' '}
            <strong className="text-ink">This page never sends an email.</strong>
          </p>
        </PageHeader>
        <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:px-6 lg:grid-cols-[18rem_1fr]">
          <nav aria-label="Emails">
            <h2 className="font-display text-sm font-bold uppercase tracking-wider text-brand-700">Emails</h2>
            <ul className="mt-3 space-y-2">
              {emailPreviews.map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    onClick={() => setSelectedId(item.id)}
                    aria-current={item.id === selectedId ? 'true' : undefined}
                    className={cn(
                      'w-full rounded-xl border px-4 py-3 text-left text-sm',
                      item.id === selectedId
                        ? 'border-brand-700 bg-brand-50 font-bold text-brand-900'
                        : 'border-brand-100 bg-white text-ink hover:bg-brand-50',
                    )}
                  >
                    {item.name}
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          <section aria-labelledby="preview-title" className="min-w-0 space-y-4">
            <h2 id="preview-title" className="font-display text-2xl font-extrabold text-ink">
              {preview.name}
            </h2>
            <p className="text-ink-muted">{preview.trigger}</p>
            <dl className="grid gap-1 rounded-2xl border border-brand-100 bg-white p-4 text-sm sm:grid-cols-[6rem_1fr]">
              <dt className="font-semibold text-ink">Subject</dt>
              <dd className="text-ink-muted" data-testid="email-subject">
                {email.subject}
              </dd>
              <dt className="font-semibold text-ink">To</dt>
              <dd className="text-ink-muted">{email.to}</dd>
              {email.replyTo ? (
                <>
                  <dt className="font-semibold text-ink">Reply-To</dt>
                  <dd className="text-ink-muted">{email.replyTo}</dd>
                </>
              ) : null}
            </dl>
            <div role="group" aria-label="Version" className="flex gap-2">
              {(['html', 'text'] as const).map((v) => (
                <button
                  key={v}
                  type="button"
                  aria-pressed={view === v}
                  onClick={() => setView(v)}
                  className={cn(
                    'min-h-[44px] rounded-full border px-4 text-sm font-semibold',
                    view === v
                      ? 'border-brand-700 bg-brand-700 text-white'
                      : 'border-brand-200 bg-white text-brand-800',
                  )}
                >
                  {v === 'html' ? 'HTML' : 'Plain text'}
                </button>
              ))}
            </div>
            {view === 'html' ? (
              <iframe
                title={`${preview.name} email preview`}
                srcDoc={email.html}
                sandbox=""
                className="h-[720px] w-full rounded-2xl border border-brand-100 bg-white"
              />
            ) : (
              <pre className="overflow-x-auto whitespace-pre-wrap rounded-2xl border border-brand-100 bg-white p-4 text-sm text-ink">
                {email.text}
              </pre>
            )}
          </section>
        </div>
      </main>
    </PublicLayout>
  );
}
