import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import type { SessionRow } from '../api/get-sessions';
import { useUpdateSession } from '../api/update-session';
import { bookingErrorMessage } from '../lib/booking-errors';
import { formatDateTime, localDateTime, zonedToUtc, zoneDescription } from '../lib/time';
import { Dialog } from '@/components/ui/dialog';

interface Props {
  session: SessionRow;
  timeZone: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Moves a session to a new date and time (the viewer's zone); the family and coach are emailed. */
export function RescheduleDialog({ session, timeZone, open, onOpenChange }: Props) {
  const current = localDateTime(new Date(session.startsAt), timeZone);
  const [date, setDate] = useState(current.date);
  const [time, setTime] = useState(current.time);
  const update = useUpdateSession();
  const [failure, setFailure] = useState<string>();
  const who = session.child?.firstName ?? 'the child';
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Reschedule the session"
      description={`${who}'s session, now ${formatDateTime(new Date(session.startsAt), timeZone)}.`}
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={async (event) => {
          event.preventDefault();
          setFailure(undefined);
          try {
            await update.mutateAsync({
              id: session.id,
              startsAt: zonedToUtc(date, time, timeZone).toISOString(),
            });
            toast({ title: 'Session moved', description: 'The family and the coach have been emailed.' });
            onOpenChange(false);
          } catch (error) {
            // said in the dialog: see BookSessionDialog
            setFailure(bookingErrorMessage(error));
          }
        }}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="New date" required>
            <Input type="date" value={date} onChange={(e) => setDate(e.target.value)} required />
          </Field>
          <Field label="New time" hint={zoneDescription(new Date(), timeZone)} required>
            <Input type="time" step={900} value={time} onChange={(e) => setTime(e.target.value)} required />
          </Field>
        </div>
        {failure ? (
          <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-medium text-red-800">
            {failure}
          </p>
        ) : null}
        <div className="flex justify-end gap-3">
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Close
          </Button>
          <Button type="submit" disabled={update.isPending || !date || !time}>
            {update.isPending ? 'Saving…' : 'Move session'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Cancels a session after a confirmation; the family and coach are emailed, no reminder follows. */
export function CancelDialog({ session, timeZone, open, onOpenChange }: Props) {
  const update = useUpdateSession();
  const who = session.child?.firstName ?? 'the child';
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Cancel the session?"
      description={`${who}'s session on ${formatDateTime(new Date(session.startsAt), timeZone)} will be cancelled and the family and the coach emailed.`}
    >
      <div className="flex justify-end gap-3">
        <Button variant="ghost" onClick={() => onOpenChange(false)}>
          Keep it
        </Button>
        <Button
          disabled={update.isPending}
          onClick={async () => {
            try {
              await update.mutateAsync({ id: session.id, status: 'cancelled' });
              toast({
                title: 'Session cancelled',
                description: 'The family and the coach have been emailed.',
              });
              onOpenChange(false);
            } catch (error) {
              toast({
                title: 'Not cancelled',
                description: bookingErrorMessage(error),
                variant: 'destructive',
              });
            }
          }}
        >
          {update.isPending ? 'Cancelling…' : 'Cancel session'}
        </Button>
      </div>
    </Dialog>
  );
}
