import type { MouseEvent } from 'react';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { sectionIds } from '@/content/nav';

/** Join Waitlist: scrolls to the page's waitlist section when it has one, otherwise opens /waitlist. */
export function JoinWaitlistLink({ onNavigate }: { onNavigate?: () => void }) {
  const onJoinWaitlist = (event: MouseEvent<HTMLAnchorElement>) => {
    const section = document.getElementById(sectionIds.waitlist);
    if (section) {
      event.preventDefault();
      const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      section.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
      const focusable = section.querySelector<HTMLElement>('input, select, textarea, button');
      focusable?.focus({ preventScroll: true });
    }
    onNavigate?.();
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <ButtonLink to={paths.waitlist} variant="primary" size="sm" onClick={onJoinWaitlist}>
        Join Waitlist
      </ButtonLink>
    </div>
  );
}
