import * as Accordion from '@radix-ui/react-accordion';
import { ChevronDown } from 'lucide-react';
import { Suspense } from 'react';
import { HydrateNearViewport } from '@/components/layout/hydrate-near-viewport';
import type { FaqGroup } from '@/content/pages';

/**
 * The FAQ, one accordion per group; each answer opens and closes on its own. A group hydrates when
 * the visitor comes near it (a page of dozens of accordion items at once held a phone's main thread).
 */
export function FaqList({ groups }: { groups: readonly FaqGroup[] }) {
  return (
    <div className="space-y-12">
      {groups.map((group) => (
        <Suspense key={group.id} fallback={null}>
          <HydrateNearViewport name={`faq-${group.id}`}>
            <section id={group.id} aria-labelledby={`${group.id}-title`} className="scroll-mt-24">
              <h2 id={`${group.id}-title`} className="font-display text-2xl font-extrabold text-ink">
                {group.title}
              </h2>
              <Accordion.Root
                type="multiple"
                className="mt-4 divide-y divide-brand-100 rounded-2xl border border-brand-100 bg-white shadow-sm"
              >
                {group.items.map((item, index) => (
                  <Accordion.Item key={item.question} value={`${group.id}-${index}`}>
                    <Accordion.Header asChild>
                      <h3>
                        <Accordion.Trigger className="group flex min-h-[56px] w-full items-center justify-between gap-4 px-5 py-4 text-left font-display text-base font-bold text-ink hover:bg-brand-50 sm:text-lg">
                          {item.question}
                          <ChevronDown
                            aria-hidden="true"
                            className="h-5 w-5 shrink-0 text-brand-700 transition-transform duration-200 group-data-[state=open]:rotate-180 motion-reduce:transition-none"
                          />
                        </Accordion.Trigger>
                      </h3>
                    </Accordion.Header>
                    <Accordion.Content className="px-5 pb-5 leading-relaxed text-ink-muted">
                      {item.answer}
                    </Accordion.Content>
                  </Accordion.Item>
                ))}
              </Accordion.Root>
            </section>
          </HydrateNearViewport>
        </Suspense>
      ))}
    </div>
  );
}
