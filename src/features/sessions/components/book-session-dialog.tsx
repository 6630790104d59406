import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/toast-store';
import { bookSessionSchema, useBookSession, type BookSessionInput } from '../api/book-session';
import type { ChildOption, CoachOption } from '../api/get-session-options';
import { bookingErrorMessage } from '../lib/booking-errors';
import { zonedToUtc, zoneDescription } from '../lib/time';
import { Dialog } from '@/components/ui/dialog';

/**
 * Books a 30-minute session, once (the time is the viewer's) or weekly (the time is the family's:
 * a weekly slot stays at that wall-clock time for the family, whatever the clocks do).
 */
export function BookSessionDialog({
  open,
  onOpenChange,
  coaches,
  kids,
  timeZone,
  defaultDate,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  coaches: CoachOption[];
  kids: ChildOption[];
  timeZone: string;
  defaultDate: string;
}) {
  const book = useBookSession();
  // A refusal is said in the dialog, not in a toast: while a modal is open the page behind it
  // (the toaster included) is hidden from assistive technology, and Escape would close the toast.
  const [failure, setFailure] = useState<string>();
  const form = useForm<BookSessionInput>({
    resolver: zodResolver(bookSessionSchema),
    defaultValues: { childId: '', coachId: '', date: defaultDate, time: '16:30', repeatWeekly: false },
  });
  const { register, handleSubmit, control, setValue, formState, reset } = form;
  const childId = useWatch({ control, name: 'childId' });
  const weekly = useWatch({ control, name: 'repeatWeekly' });
  const child = kids.find((c) => c.id === childId);
  const zone = weekly && child ? child.familyTimeZone : timeZone;

  const submit = handleSubmit(async (values) => {
    const picked = kids.find((c) => c.id === values.childId)!;
    setFailure(undefined);
    try {
      if (values.repeatWeekly) {
        await book.mutateAsync({
          childId: values.childId,
          parentId: picked.parentId,
          coachId: values.coachId,
          startsOn: values.date,
          localTime: values.time,
          familyTimeZone: picked.familyTimeZone,
        });
      } else {
        await book.mutateAsync({
          childId: values.childId,
          parentId: picked.parentId,
          coachId: values.coachId,
          startsAt: zonedToUtc(values.date, values.time, timeZone).toISOString(),
        });
      }
      toast({
        title: values.repeatWeekly ? 'Weekly slot booked' : 'Session booked',
        description: 'The family and the coach have been emailed.',
      });
      reset();
      onOpenChange(false);
    } catch (error) {
      setFailure(bookingErrorMessage(error));
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Book a session"
      description="A 30-minute session with a coach. The family and the coach are emailed."
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Field label="Child" error={formState.errors.childId?.message} required>
          <Select
            {...register('childId', {
              onChange: (event: { target: { value: string } }) => {
                const coach = kids.find((c) => c.id === event.target.value)?.coachId;
                if (coach) setValue('coachId', coach);
              },
            })}
          >
            <option value="">Choose a child</option>
            {kids.map((c) => (
              <option key={c.id} value={c.id}>
                {c.firstName}
                {c.parentName ? ` (parent: ${c.parentName})` : ''}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Coach" error={formState.errors.coachId?.message} required>
          <Select {...register('coachId')}>
            <option value="">Choose a coach</option>
            {coaches.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </Select>
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={weekly ? 'First date' : 'Date'} error={formState.errors.date?.message} required>
            <Input type="date" {...register('date')} />
          </Field>
          <Field
            label="Time"
            hint={zoneDescription(new Date(), zone)}
            error={formState.errors.time?.message}
            required
          >
            <Input type="time" step={900} {...register('time')} />
          </Field>
        </div>
        <Checkbox
          label={
            child
              ? `Repeat weekly (in ${child.firstName}'s family time zone, ${child.familyTimeZone})`
              : "Repeat weekly (in the family's time zone)"
          }
          {...register('repeatWeekly')}
        />
        {failure ? (
          <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-medium text-red-800">
            {failure}
          </p>
        ) : null}
        <div className="flex justify-end gap-3">
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Close
          </Button>
          <Button type="submit" disabled={book.isPending}>
            {book.isPending ? 'Booking…' : 'Book session'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
