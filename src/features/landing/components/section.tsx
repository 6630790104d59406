import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface SectionProps {
  id: string;
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  tone?: 'cream' | 'white' | 'green' | 'sun';
  className?: string;
  /** Centre the heading block (default) or align it left. */
  align?: 'center' | 'left';
}

const tones = {
  cream: 'bg-cream',
  white: 'bg-white',
  green: 'bg-brand-50',
  sun: 'bg-sun-100',
} as const;

/** A landing section: anchor target (scroll margin under the fixed bar), heading, content. */
export function Section({
  id,
  eyebrow,
  title,
  intro,
  children,
  tone = 'cream',
  className,
  align = 'center',
}: SectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn('scroll-mt-20 py-16 focus:outline-none sm:py-24', tones[tone], className)}
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className={cn('max-w-2xl', align === 'center' && 'mx-auto text-center')}>
          {eyebrow && (
            <p className="font-display text-sm font-bold uppercase tracking-wider text-brand-700">
              {eyebrow}
            </p>
          )}
          <h2
            id={headingId}
            className="mt-2 font-display text-3xl font-extrabold tracking-tight text-ink sm:text-4xl"
          >
            {title}
          </h2>
          {intro && <div className="mt-4 text-lg text-ink-muted">{intro}</div>}
        </div>
        <div className="mt-10 sm:mt-12">{children}</div>
      </div>
    </section>
  );
}
