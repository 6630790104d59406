import type { LegalDocument } from '@/content/legal';
import { PageHeader } from './page-header';

/** A policy page: summary, a table of contents, numbered sections. */
export function LegalDocumentView({ document }: { document: LegalDocument }) {
  return (
    <>
      <PageHeader width="medium" eyebrow={`Last updated ${document.updated}`} title={document.title}>
        <p>{document.summary}</p>
      </PageHeader>
      <div className="mx-auto grid max-w-5xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[16rem_1fr]">
        <nav aria-label="On this page" className="lg:sticky lg:top-24 lg:self-start">
          <h2 className="font-display text-sm font-bold uppercase tracking-wider text-brand-700">
            On this page
          </h2>
          <ol className="mt-3 space-y-1 text-sm">
            {document.sections.map((section, index) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="inline-flex min-h-[44px] items-center text-ink-muted underline-offset-4 hover:text-brand-800 hover:underline lg:min-h-[32px]"
                >
                  {index + 1}. {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="space-y-10">
          {document.sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-title`}
              className="scroll-mt-24"
            >
              <h2 id={`${section.id}-title`} className="font-display text-xl font-bold text-ink sm:text-2xl">
                {index + 1}. {section.heading}
              </h2>
              <div className="mt-3 space-y-3 leading-relaxed text-ink-muted">
                {section.paragraphs?.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
                {section.list ? (
                  <ul className="list-disc space-y-2 pl-5 marker:text-brand-600">
                    {section.list.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                ) : null}
                {section.after ? <p>{section.after}</p> : null}
              </div>
            </section>
          ))}
        </div>
      </div>
    </>
  );
}
