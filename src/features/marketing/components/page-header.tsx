import type { ReactNode } from 'react';

const widths = { narrow: 'max-w-4xl', medium: 'max-w-5xl', wide: 'max-w-6xl' } as const;

export interface PageHeaderProps {
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  /** Match the width of the page's content below. */
  width?: keyof typeof widths;
}

/** The top band of a content page: eyebrow, the page's one h1, an intro. */
export function PageHeader({ eyebrow, title, children, width = 'narrow' }: PageHeaderProps) {
  return (
    <header className="border-b border-brand-100 bg-gradient-to-b from-brand-50 to-cream">
      <div className={`mx-auto ${widths[width]} px-4 pb-12 pt-12 sm:px-6 sm:pt-16`}>
        {eyebrow ? (
          <p className="font-display text-sm font-bold uppercase tracking-wider text-brand-700">{eyebrow}</p>
        ) : null}
        <h1 className="mt-2 font-display text-3xl font-extrabold leading-tight text-ink sm:text-5xl">
          {title}
        </h1>
        {children ? <div className="mt-4 max-w-2xl text-lg text-ink-muted">{children}</div> : null}
      </div>
    </header>
  );
}

/** A titled section of a content page. */
export function ContentSection({
  id,
  title,
  children,
  className,
}: {
  id: string;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className={className ?? 'mx-auto max-w-4xl px-4 py-12 sm:px-6'}>
      <h2 id={`${id}-title`} className="font-display text-2xl font-extrabold text-ink sm:text-3xl">
        {title}
      </h2>
      <div className="mt-4 space-y-4 text-ink-muted">{children}</div>
    </section>
  );
}
