import { BadgeCheck } from 'lucide-react';
import { site } from '@/config/site';
import { sectionIds } from '@/content/nav';
import { trustPoints } from '@/content/steps';
import { Section } from './section';

/** "Why Ploom": the section the site nav's Why link scrolls to. */
export function TrustSection() {
  return (
    <Section
      id={sectionIds.trust}
      eyebrow={`Why ${site.name}`}
      title="Why families trust us"
      intro="Everything we do is built so you always know who is working with your child, and how."
      tone="white"
    >
      <ul className="grid gap-6 sm:grid-cols-2">
        {trustPoints.map((point) => (
          <li key={point.title} className="flex gap-4 rounded-3xl bg-cream p-6 ring-1 ring-brand-100">
            <BadgeCheck className="mt-1 h-7 w-7 shrink-0 text-brand-700" aria-hidden="true" />
            <div>
              <h3 className="font-display text-xl font-bold text-ink">{point.title}</h3>
              <p className="mt-2 text-ink-muted">{point.description}</p>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
