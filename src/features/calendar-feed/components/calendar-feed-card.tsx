import { CalendarPlus, Copy } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button, buttonClasses } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { env } from '@/lib/env';
import { useCreateCalendarFeed, type NewCalendarFeed } from '../api/create-calendar-feed';
import { useDeleteCalendarFeed } from '../api/delete-calendar-feed';
import { useCalendarFeed, type CalendarFeedKind } from '../api/get-calendar-feed';
import { feedLinks } from '../lib/feed-links';

const WHAT: Record<CalendarFeedKind, string> = {
  family: "Your children's sessions",
  staff: 'The sessions you coach and the intro calls you host',
};

const madeOn = (at: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' }).format(new Date(at));

/** A refusal the person can act on (two-factor sign-in for staff), else a plain "try again". */
function failure(error: unknown): { title: string; description: string } {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  if (code === '42501' && message) return { title: 'No calendar link made', description: message };
  return { title: 'No calendar link made', description: 'Please try again in a moment.' };
}

/**
 * The person's private calendar feed: make a link, copy it or subscribe in one click; make a new
 * one to stop the old. The link is shown once, when it is made (only its hash is kept), so after a
 * reload the card says the feed is on and offers a new link.
 */
export function CalendarFeedCard({ userId, kind }: { userId: string; kind: CalendarFeedKind }) {
  const feed = useCalendarFeed(userId);
  const create = useCreateCalendarFeed(userId);
  const turnOff = useDeleteCalendarFeed(userId);
  const [fresh, setFresh] = useState<NewCalendarFeed | null>(null);
  const [confirming, setConfirming] = useState<'renew' | 'off' | null>(null);
  const urlField = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const urlId = useId();
  const keepPrivateId = useId();

  const make = () =>
    create.mutate(undefined, {
      onSuccess: (made) => {
        setFresh(made);
        setConfirming(null);
        toast({
          title: feed.data ? 'New calendar link made' : 'Calendar link made',
          description: feed.data ? 'The old link no longer works.' : undefined,
        });
      },
      onError: (error) => {
        setConfirming(null);
        toast({ ...failure(error), variant: 'destructive' });
      },
    });

  const stop = () =>
    turnOff.mutate(undefined, {
      onSuccess: () => {
        setFresh(null);
        setConfirming(null);
        toast({ title: 'Calendar feed turned off', description: 'Its link no longer works.' });
      },
      onError: () => {
        setConfirming(null);
        toast({
          title: 'The feed is still on',
          description: 'Please try again in a moment.',
          variant: 'destructive',
        });
      },
    });

  // A new link is what the person came for: take them to it once it is on the screen.
  const freshToken = fresh?.token;
  useEffect(() => {
    if (freshToken) urlField.current?.focus();
  }, [freshToken]);

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: 'Link copied' });
    } catch {
      urlField.current?.select();
      toast({
        title: 'Copy failed',
        description: 'The link is selected: copy it by hand.',
        variant: 'destructive',
      });
    }
  };

  const links = fresh ? feedLinks(env.supabaseUrl, fresh.token, 'Ploom') : null;
  const existing = feed.data ?? null;

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-brand-100 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="font-display text-xl font-bold text-ink">
        Calendar feed
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        {WHAT[kind]}, in Google Calendar, Apple Calendar or Outlook, kept up to date: from a month back to six
        months ahead. The feed shows times, first names and the coach, nothing more.
      </p>

      <div className="mt-4 flex flex-col gap-4">
        {feed.isPending ? (
          <p className="text-sm text-ink-muted">Loading…</p>
        ) : feed.isError ? (
          <p role="alert" className="text-sm text-red-700">
            Your calendar feed could not be loaded. Please reload the page.
          </p>
        ) : links ? (
          <>
            <div className="flex flex-col gap-2">
              <label htmlFor={urlId} className="text-sm font-bold text-ink">
                Your private calendar link
              </label>
              <div className="flex flex-col gap-2 sm:flex-row">
                <Input
                  id={urlId}
                  ref={urlField}
                  readOnly
                  value={links.https}
                  aria-describedby={keepPrivateId}
                  onFocus={(event) => event.currentTarget.select()}
                  className="font-mono text-sm"
                />
                <Button variant="secondary" size="sm" onClick={() => void copy(links.https)}>
                  <Copy className="h-4 w-4" aria-hidden="true" /> Copy link
                </Button>
              </div>
              <p id={keepPrivateId} className="text-sm text-ink-muted">
                Keep it private: anyone with this link sees these times. It is shown only now; if you lose it,
                make a new one.
              </p>
            </div>
            <ul className="flex flex-wrap gap-2" aria-label="Subscribe in one click">
              <li>
                <a className={buttonClasses({ variant: 'primary', size: 'sm' })} href={links.webcal}>
                  <CalendarPlus className="h-4 w-4" aria-hidden="true" /> Subscribe (Apple Calendar, Outlook)
                </a>
              </li>
              <li>
                <a
                  className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                  href={links.google}
                  target="_blank"
                  rel="noreferrer noopener"
                >
                  Add to Google Calendar<span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
              <li>
                <a
                  className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                  href={links.outlook}
                  target="_blank"
                  rel="noreferrer noopener"
                >
                  Add to Outlook.com<span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            </ul>
          </>
        ) : existing ? (
          <p className="text-sm text-ink">
            <strong>Your calendar feed is on</strong> (link made {madeOn(existing.createdAt)}). For your
            privacy the link is shown only when it is made. To see a link again, make a new one: calendars
            subscribed to the old link stop updating.
          </p>
        ) : (
          <p className="text-sm text-ink">You have no calendar link yet.</p>
        )}

        {!feed.isPending && !feed.isError ? (
          <div>
            {existing ? (
              <div className="flex flex-wrap gap-2">
                <Button
                  variant={links ? 'ghost' : 'secondary'}
                  size="sm"
                  onClick={() => setConfirming('renew')}
                >
                  Make a new link
                </Button>
                <Button variant="ghost" size="sm" onClick={() => setConfirming('off')}>
                  Turn off the feed
                </Button>
              </div>
            ) : (
              <Button size="sm" onClick={make} disabled={create.isPending}>
                {create.isPending ? 'Working…' : 'Make my calendar link'}
              </Button>
            )}
          </div>
        ) : null}
      </div>

      <ConfirmDialog
        open={confirming === 'renew'}
        onOpenChange={(open) => setConfirming(open ? 'renew' : null)}
        title="Make a new calendar link?"
        description="The current link stops working at once: calendars subscribed to it stop updating until you subscribe them to the new one."
        confirmLabel="Make a new link"
        cancelLabel="Keep the current link"
        busy={create.isPending}
        onConfirm={make}
      />
      <ConfirmDialog
        open={confirming === 'off'}
        onOpenChange={(open) => setConfirming(open ? 'off' : null)}
        title="Turn off your calendar feed?"
        description="Its link stops working at once and calendars subscribed to it stop updating. Your meetings stay in Ploom, and you can make a new link later."
        confirmLabel="Turn off the feed"
        cancelLabel="Keep it on"
        tone="danger"
        busy={turnOff.isPending}
        onConfirm={stop}
      />
    </section>
  );
}
