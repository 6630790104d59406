import { useRef, useState } from 'react';
import { Button, ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useCancelIntroCall } from '../api/cancel-intro-call';
import { useIntroCallBooking } from '../api/get-intro-call-booking';
import { browserZone, formatSlot, zoneName } from '../lib/slots';
import { bookingErrorText, IntroCallPicker } from './intro-call-picker';

type View = 'call' | 'picking' | 'confirm-cancel';

/**
 * The intro call behind a link (the fit-call success screen, the confirmation email, the booking's
 * emails): pick a time when none is booked; otherwise see it, move it or cancel it. No account: the
 * link's token is the proof (decision 170). Every time is in the browser's zone, named.
 */
export function IntroCallScreen({ token }: { token: string | null }) {
  if (!token) return <InvalidLink />;
  return <IntroCallForToken token={token} />;
}

function InvalidLink({ reason }: { reason?: string }) {
  return (
    <div role="alert" className="grid gap-3">
      <h1 className="font-display text-2xl font-extrabold text-ink">This link is not valid or has expired</h1>
      <p className="text-ink-muted">
        {reason ?? 'Open the link in your latest email from Ploom, or request an intro call again.'}
      </p>
      <ButtonLink to={paths.requestFitCall} className="w-fit">
        Request an intro call
      </ButtonLink>
    </div>
  );
}

function IntroCallForToken({ token }: { token: string }) {
  const zone = browserZone();
  const booking = useIntroCallBooking(token);
  const cancel = useCancelIntroCall();
  const [view, setView] = useState<View>('call');
  const [notice, setNotice] = useState<string | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const say = (text: string) => {
    setNotice(text);
    requestAnimationFrame(() => noticeRef.current?.focus());
  };

  if (booking.isPending) return <p role="status">Loading your intro call...</p>;
  if (booking.isError) {
    const e = booking.error as { code?: string } | null;
    return e?.code === '42501' || booking.error.message.startsWith('This link') ? (
      <InvalidLink />
    ) : (
      <div role="alert" className="grid gap-2">
        <p>{bookingErrorText(booking.error)}</p>
        <Button variant="secondary" className="w-fit" onClick={() => void booking.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const { parentName, call } = booking.data;
  const firstName = parentName.split(/\s+/)[0] || 'there';

  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <h1 className="font-display text-2xl font-extrabold text-ink sm:text-3xl">
          {call ? 'Your free intro call' : `Hi ${firstName}, let's find a time to talk`}
        </h1>
        {notice ? (
          <p
            ref={noticeRef}
            tabIndex={-1}
            role="status"
            className="rounded-xl bg-brand-50 p-3 font-semibold text-brand-800"
          >
            {notice}
          </p>
        ) : null}
      </div>

      {call && view !== 'picking' ? (
        <section aria-label="Your booked call" className="grid gap-4 rounded-2xl bg-cream p-4 sm:p-5">
          <dl className="grid gap-2 sm:grid-cols-[auto_1fr] sm:gap-x-6">
            <dt className="font-semibold text-ink">When</dt>
            <dd data-testid="intro-call-time">
              {formatSlot(call.startsAt, zone)} ({zoneName(zone)})
            </dd>
            <dt className="font-semibold text-ink">How long</dt>
            <dd>{call.durationMinutes} minutes</dd>
            <dt className="font-semibold text-ink">With</dt>
            <dd>{call.hostName}</dd>
          </dl>
          {view === 'confirm-cancel' ? (
            <div className="grid gap-3" role="group" aria-label="Cancel the call?">
              <p className="font-semibold text-ink">Cancel this intro call? We will let the team know.</p>
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="secondary"
                  disabled={cancel.isPending}
                  onClick={() =>
                    void cancel.mutateAsync(token).then(
                      () => {
                        setView('call');
                        say('Your intro call is cancelled. You can pick a new time whenever you like.');
                      },
                      (error: unknown) => say(bookingErrorText(error)),
                    )
                  }
                >
                  Yes, cancel the call
                </Button>
                <Button variant="ghost" onClick={() => setView('call')}>
                  Keep the call
                </Button>
              </div>
            </div>
          ) : (
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => setView('picking')}>Move the call</Button>
              <Button variant="ghost" onClick={() => setView('confirm-cancel')}>
                Cancel the call
              </Button>
            </div>
          )}
        </section>
      ) : (
        <IntroCallPicker
          token={token}
          zone={zone}
          lengthMinutes={booking.data.lengthMinutes}
          moving={call?.startsAt}
          onClose={call ? () => setView('call') : undefined}
          onDone={(booked) => {
            setView('call');
            say(
              `${call ? 'Your intro call has moved to' : 'Your intro call is booked for'} ${formatSlot(booked.startsAt, zone)} (${zoneName(zone)}) with ${booked.hostName}. We have emailed you the details with a calendar file.`,
            );
          }}
        />
      )}
      <p className="text-sm text-ink-muted">
        Free, no commitment. Questions? Just reply to any email from us.
      </p>
    </div>
  );
}
