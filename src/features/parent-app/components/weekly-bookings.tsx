import { useState, type RefObject } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { toast, toastFailure } from '@/components/ui/toast-store';
import { useEndSeries } from '../api/book-series';
import { useChildSeries, type WeeklyBooking } from '../api/get-child-series';
import { formatSlot, formatWeekly } from '../lib/slots';

function WeeklyBookingRow({ booking, zone }: { booking: WeeklyBooking; zone: string }) {
  const [asking, setAsking] = useState(false);
  const end = useEndSeries();
  const when = booking.nextStartsAt === null ? 'Every week' : formatWeekly(booking.nextStartsAt, zone);
  const title = when.charAt(0).toUpperCase() + when.slice(1);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-white p-4">
      <div className="grid gap-0.5">
        <p className="font-semibold text-ink">{title}</p>
        <p className="text-sm text-ink-muted">
          {booking.nextStartsAt === null
            ? 'No session left to come.'
            : `Next: ${formatSlot(booking.nextStartsAt, zone)}`}
        </p>
      </div>
      <Button size="sm" variant="secondary" onClick={() => setAsking(true)}>
        End this weekly booking
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="End this weekly booking?"
        description={`${title}: the sessions more than 24 hours away are cancelled and we tell your coach. Sessions inside the 24 hours stay.`}
        confirmLabel="Yes, end it"
        cancelLabel="Keep it"
        tone="danger"
        busy={end.isPending}
        onConfirm={async () => {
          try {
            await end.mutateAsync({ seriesId: booking.id });
            setAsking(false);
            toast({ title: 'Weekly booking ended', description: 'We have told your coach.' });
          } catch (error) {
            toastFailure(error);
          }
        }}
      />
    </li>
  );
}

/** The child's weekly bookings (a session every week at one time), each of which the parent can end. */
export function WeeklyBookings({
  childId,
  zone,
  headingRef,
}: {
  childId: string;
  /** the family's time zone */
  zone: string;
  /** takes the focus after a weekly booking is made */
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const series = useChildSeries(childId);
  if (!series.data?.length) return null;
  return (
    <section aria-labelledby={`weekly-${childId}`} className="grid gap-2">
      <h3
        id={`weekly-${childId}`}
        ref={headingRef}
        tabIndex={-1}
        className="font-display text-lg font-extrabold text-ink"
      >
        Every week
      </h3>
      <ul className="grid gap-2">
        {series.data.map((booking) => (
          <WeeklyBookingRow key={booking.id} booking={booking} zone={zone} />
        ))}
      </ul>
    </section>
  );
}
