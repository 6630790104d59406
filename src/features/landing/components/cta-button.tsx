import type { MouseEvent } from 'react';
import { ButtonAnchor, ButtonLink, type ButtonStyleProps } from '@/components/ui/button';
import { scrollToSection } from '@/components/layout/scroll';
import { sectionIds } from '@/content/nav';
import type { Cta } from '@/content/variants';

export interface CtaButtonProps extends ButtonStyleProps {
  cta: Cta;
  /** Overrides the CTA's label (e.g. a shorter one in the top bar). */
  label?: string;
  className?: string;
  onNavigate?: () => void;
}

/** A variant's call to action: a link to its route, or a smooth scroll to its section. */
export function CtaButton({ cta, label, onNavigate, ...style }: CtaButtonProps) {
  const text = label ?? cta.label;
  if (cta.target.kind === 'route') {
    return (
      <ButtonLink to={cta.target.to} onClick={onNavigate} {...style}>
        {text}
      </ButtonLink>
    );
  }
  const section = cta.target.section;
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // The contact form's CTA lands the keyboard in the form's first field.
    if (scrollToSection(section, { focusFirstField: section === sectionIds.contactForm })) {
      event.preventDefault();
    }
    onNavigate?.();
  };
  return (
    <ButtonAnchor href={`#${section}`} onClick={onClick} {...style}>
      {text}
    </ButtonAnchor>
  );
}
