import type { MouseEvent, ReactNode } from 'react';
import { Link } from '@/lib/navigation';
import { sectionHomePath } from '@/content/nav';
import { scrollToSection } from './scroll';

export interface SectionLinkProps {
  section: string;
  children: ReactNode;
  className?: string;
  /** Called after the link is followed (e.g. to close a menu). */
  onNavigate?: () => void;
}

/**
 * A link to a page section: on a page that has the section it scrolls there smoothly and moves
 * focus; elsewhere it leads to the landing page that has it (`sectionHomePath#section`).
 */
export function SectionLink({ section, children, className, onNavigate }: SectionLinkProps) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    const onThisPage = document.getElementById(section) !== null;
    if (onThisPage) event.preventDefault();
    onNavigate?.();
    // Scroll once a closing menu has left the layout, or the target would move under us.
    if (onThisPage) requestAnimationFrame(() => scrollToSection(section));
  };
  return (
    <Link to={{ pathname: sectionHomePath, hash: `#${section}` }} className={className} onClick={onClick}>
      {children}
    </Link>
  );
}
