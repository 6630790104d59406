import { useOpenSlots } from '../api/get-open-slots';
import { browserTimeZone, groupSlotsByDay } from '../lib/slots';

/** The coach's next open session times over the coming week, in the viewer's own zone. */
export function OpenSlotsPreview({ coachId }: { coachId: string }) {
  const slots = useOpenSlots(coachId);
  const zone = browserTimeZone();
  return (
    <section
      aria-labelledby="open-times-heading"
      className="flex flex-col gap-3 rounded-2xl border border-brand-100 bg-white p-4"
    >
      <div>
        <h2 id="open-times-heading" className="font-display text-xl font-bold">
          Next open times
        </h2>
        <p className="text-sm text-ink-muted">
          What families can book in the coming week (coaching sessions), shown in your zone (
          {zone.replaceAll('_', ' ')}).
        </p>
      </div>
      {slots.isError ? (
        <p role="alert" className="text-sm text-red-800">
          The open times could not be loaded: {slots.error.message}
        </p>
      ) : !slots.data ? (
        <p role="status">Loading the open times…</p>
      ) : slots.data.length === 0 ? (
        <p className="text-sm">No open times in the coming week.</p>
      ) : (
        <ul aria-label="Open times by day" className="flex flex-col gap-2">
          {groupSlotsByDay(slots.data, zone).map((day) => (
            <li key={day.date}>
              <p className="text-sm font-semibold">{day.label}</p>
              <p className="text-sm text-ink-muted">{day.times.join(', ')}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
