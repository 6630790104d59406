import { useId, useState } from 'react';
import { Button, ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { introCallOfferToken } from '@/lib/intro-call-offer';
import { useLocation } from '@/lib/navigation';
import { useHydrated } from '@/lib/use-hydrated';

/**
 * /coaching's offer to the visitor who has just sent the intro-call request: pick the call's time
 * now, on the booking page its link token opens (the confirmation email has the same link). Only in
 * the browser, once the page runs, and only with the token in the address's fragment; nothing in
 * the prerendered HTML and nothing for anyone else (decision 225).
 */
export function IntroCallOffer() {
  const hydrated = useHydrated();
  const { pathname, hash } = useLocation();
  const [dismissed, setDismissed] = useState(false);
  const headingId = useId();
  const token = hydrated && !dismissed && pathname === paths.coaching ? introCallOfferToken(hash) : null;
  if (!token) return null;

  const dismiss = () => {
    setDismissed(true);
    // The token leaves the address bar as well, so a reload or a copied address does not offer it
    // again; replaced in place, as no navigation: no history entry, no page view.
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  };

  return (
    <section
      aria-labelledby={headingId}
      className="mb-8 rounded-3xl border-2 border-brand-200 bg-white p-5 shadow-md sm:p-6"
    >
      <h2 id={headingId} className="font-display text-xl font-extrabold text-ink sm:text-2xl">
        Pick your intro call time now
      </h2>
      <p className="mt-2 text-ink-muted">
        No need to wait for us: choose a time for your free {site.introCallMinutes}-minute intro call
        yourself. The link is in the email we have just sent you, too.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <ButtonLink to={`${paths.introCall}#token=${token}`}>See open times</ButtonLink>
        <Button variant="ghost" onClick={dismiss}>
          Not now
        </Button>
      </div>
    </section>
  );
}
