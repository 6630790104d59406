import { Menu, X } from 'lucide-react';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { Logo } from '@/components/layout/logo';
import { scrollToSection } from '@/components/layout/scroll';
import { landingScrollLinks, type ScrollLink } from '@/content/nav';
import type { LandingVariant } from '@/content/variants';
import { cn } from '@/lib/cn';
import { CtaButton } from './cta-button';

export interface LandingTopBarProps {
  variant: LandingVariant;
  /** Past 20 px of scroll: opaque background. */
  opaque: boolean;
  /** Past 600 px of scroll: the mobile menu button shows. */
  pastFold: boolean;
}

function ScrollLinkItem({
  link,
  className,
  onChosen,
}: {
  link: ScrollLink;
  className: string;
  onChosen?: () => void;
}) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (scrollToSection(link.section)) event.preventDefault();
    onChosen?.();
  };
  return (
    <a href={`#${link.section}`} className={className} onClick={onClick}>
      {link.label}
    </a>
  );
}

/**
 * Home's fixed top bar: logo, scroll links, the variant's main button. Transparent at the top of
 * the page, opaque once scrolled; on small screens the scroll links sit in a menu that appears
 * once the visitor is past the hero.
 */
export function LandingTopBar({ variant, opaque, pastFold }: LandingTopBarProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Scrolling back above the fold hides the menu button, and with it the menu.
  const open = menuOpen && pastFold;

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <header
      data-opaque={opaque}
      className={cn(
        'fixed inset-x-0 top-0 z-40 transition-[background-color,box-shadow] duration-200 motion-reduce:transition-none',
        opaque || open ? 'bg-white/95 shadow-md backdrop-blur' : 'bg-transparent',
      )}
    >
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6"
      >
        <Logo to={variant.path} compact />
        <ul className="hidden items-center gap-1 md:flex">
          {landingScrollLinks.map((link) => (
            <li key={link.section}>
              <ScrollLinkItem
                link={link}
                className="inline-flex min-h-[44px] items-center rounded-lg px-3 font-semibold text-ink hover:bg-brand-50 hover:text-brand-800"
              />
            </li>
          ))}
        </ul>
        <div className="flex items-center gap-2">
          <CtaButton
            cta={variant.cta}
            label={variant.ctaShortLabel}
            size="sm"
            className="whitespace-nowrap"
          />
          {pastFold && (
            <button
              ref={buttonRef}
              type="button"
              className="inline-flex h-11 w-11 items-center justify-center rounded-lg text-ink hover:bg-brand-50 md:hidden"
              aria-expanded={open}
              aria-controls="landing-menu"
              onClick={() => setMenuOpen((value) => !value)}
            >
              {open ? (
                <X className="h-6 w-6" aria-hidden="true" />
              ) : (
                <Menu className="h-6 w-6" aria-hidden="true" />
              )}
              <span className="sr-only">{open ? 'Close menu' : 'Open menu'}</span>
            </button>
          )}
        </div>
      </nav>
      {open && (
        <div id="landing-menu" className="border-t border-brand-100 bg-white px-4 pb-4 md:hidden">
          <ul className="grid gap-1 pt-2">
            {landingScrollLinks.map((link) => (
              <li key={link.section}>
                <ScrollLinkItem
                  link={link}
                  onChosen={() => setMenuOpen(false)}
                  className="flex min-h-[48px] items-center rounded-lg px-3 text-lg font-semibold text-ink hover:bg-brand-50"
                />
              </li>
            ))}
          </ul>
        </div>
      )}
    </header>
  );
}
