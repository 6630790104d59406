import type { Cta } from '@/content/variants';
import { CtaButton } from './cta-button';

/** The bottom call-to-action bar on small screens, shown once the visitor is past the hero. */
export function StickyCta({ cta, visible }: { cta: Cta; visible: boolean }) {
  if (!visible) return null;
  return (
    <aside
      aria-label="Get started"
      data-testid="sticky-cta"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-brand-100 bg-white/95 p-3 shadow-[0_-4px_16px_rgba(29,36,51,0.08)] backdrop-blur md:hidden"
    >
      <CtaButton cta={cta} fullWidth className="px-4" />
    </aside>
  );
}
