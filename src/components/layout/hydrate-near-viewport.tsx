import { use, type ReactNode } from 'react';
import { useHydrated } from '@/lib/use-hydrated';

/** A screen above and below the viewport: a section hydrates before the visitor reaches it. */
const MARGIN = '100% 0px';

const INTENT = ['pointerover', 'focusin', 'touchstart'] as const;

const gates = new Map<string, Promise<void>>();
/** Marked as React marks a settled promise, so `use` returns at once instead of suspending. */
const settle = (promise: Promise<void>) => Object.assign(promise, { status: 'fulfilled', value: undefined });

/**
 * A promise that settles when the prerendered section after the marker `name` comes within a screen
 * of the viewport; none when there is nothing prerendered to wait for (no marker, an empty section,
 * no IntersectionObserver).
 */
function nearViewport(name: string): Promise<void> | undefined {
  const known = gates.get(name);
  if (known) return known;
  if (typeof document === 'undefined' || typeof IntersectionObserver !== 'function') return undefined;
  const marker = document.querySelector(`[data-hydrate-gate="${name}"]`);
  const section = marker?.nextElementSibling;
  if (!section || section.hasAttribute('data-hydrate-gate')) return undefined;
  const gate: Promise<void> = new Promise((resolve) => {
    const open = () => {
      observer.disconnect();
      for (const type of INTENT) document.removeEventListener(type, onIntent, true);
      settle(gate);
      resolve();
    };
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && open(), {
      rootMargin: MARGIN,
    });
    observer.observe(section);
    // A pointer or the keyboard may reach the section before it is seen to scroll in. Listened to
    // on the document as the event goes down: React stops such events at its root while their
    // target is not hydrated yet, so they never bubble up to the section.
    const onIntent = (event: Event) => {
      if (event.target instanceof Node && section.contains(event.target)) open();
    };
    for (const type of INTENT) document.addEventListener(type, onIntent, { capture: true, passive: true });
  });
  gates.set(name, gate);
  return gate;
}

/**
 * A landing section that hydrates only when it comes within a screen of the viewport. Its HTML is
 * prerendered and shown from the first paint (links in it work as plain links); what it costs to
 * attach React to it (rendering its components, the commit) is spent when a visitor scrolls toward
 * it, or never for one who reads only the top of the page. Put it inside the section's own Suspense
 * boundary: while it waits, React leaves that boundary's HTML as it is. On a page rendered in the
 * browser (an in-app navigation) it renders at once.
 */
export function HydrateNearViewport({ name, children }: { name: string; children: ReactNode }) {
  const hydrated = useHydrated();
  // Once a section has waited on its gate, every later render passes it to `use` again (React
  // requires it of a component that suspended); one that never waited does not call `use`.
  const gate = hydrated ? gates.get(name) : nearViewport(name);
  if (gate) use(gate);
  return (
    <>
      <span hidden data-hydrate-gate={name} />
      {children}
    </>
  );
}
