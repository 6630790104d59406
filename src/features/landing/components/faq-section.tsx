import * as Accordion from '@radix-ui/react-accordion';
import { ChevronDown } from 'lucide-react';
import { faqV2, type FaqItem } from '@/content/faq-v2';
import { sectionIds } from '@/content/nav';
import { Section } from './section';

/** The FAQ accordion: one answer open at a time, and the open one can be closed again. */
export function FaqAccordion({ items = faqV2 }: { items?: readonly FaqItem[] }) {
  return (
    <Accordion.Root type="single" collapsible className="mx-auto grid max-w-3xl gap-3">
      {items.map((item, index) => (
        <Accordion.Item
          key={item.question}
          value={`faq-${index}`}
          className="overflow-hidden rounded-2xl bg-cream ring-1 ring-brand-100"
        >
          <Accordion.Header className="m-0">
            <Accordion.Trigger className="group flex min-h-[56px] w-full items-center justify-between gap-4 px-5 py-4 text-left font-display text-lg font-bold text-ink hover:bg-brand-50">
              {item.question}
              <ChevronDown
                className="h-5 w-5 shrink-0 text-brand-700 transition-transform group-data-[state=open]:rotate-180 motion-reduce:transition-none"
                aria-hidden="true"
              />
            </Accordion.Trigger>
          </Accordion.Header>
          <Accordion.Content className="px-5 pb-5 text-ink-muted">{item.answer}</Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}

export function FaqSection() {
  return (
    <Section id={sectionIds.faq} eyebrow="FAQ" title="Questions parents ask us" tone="white">
      <FaqAccordion />
    </Section>
  );
}
