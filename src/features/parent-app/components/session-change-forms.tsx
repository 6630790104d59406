import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { toast, toastFailure } from '@/components/ui/toast-store';
import { cancelSchema, useCancelSession } from '../api/cancel-session';
import { rescheduleSchema, useRequestReschedule } from '../api/request-reschedule';
import { formatSessionTime } from '../lib/format';

export type SessionChange = 'reschedule' | 'cancel';

/** What each change asks and says; the form around it is the same. */
const CHANGES = {
  reschedule: {
    name: 'Ask to reschedule',
    question: 'Which times would suit you instead?',
    required: true,
    rows: 3,
    text: rescheduleSchema.shape.message,
    send: 'Send request to the coach',
    keep: 'Never mind',
    done: { title: 'Request sent', description: 'Your coach will get back to you with a new time.' },
  },
  cancel: {
    name: 'Cancel the session',
    question: 'Anything your coach should know?',
    required: false,
    rows: 2,
    text: cancelSchema.shape.reason,
    send: 'Yes, cancel this session',
    keep: 'Keep the session',
    done: { title: 'Session cancelled', description: 'We have let your coach know.' },
  },
} satisfies Record<SessionChange, unknown>;

/**
 * Ask the coach to move a session (which times suit the family), or cancel it (with an optional
 * reason for the coach).
 */
export function SessionChangeForm({
  change,
  sessionId,
  onDone,
  bare = false,
}: {
  change: SessionChange;
  sessionId: string;
  onDone: () => void;
  /** inside a dialog: no panel of its own */
  bare?: boolean;
}) {
  const copy = CHANGES[change];
  const reschedule = useRequestReschedule();
  const cancel = useCancelSession();
  const { register, handleSubmit, formState } = useForm<{ text: string }>({
    resolver: zodResolver(z.object({ text: copy.text })),
    defaultValues: { text: '' },
  });
  const onSubmit = handleSubmit(async ({ text }) => {
    try {
      if (change === 'reschedule') await reschedule.mutateAsync({ sessionId, message: text });
      else await cancel.mutateAsync({ sessionId, reason: text });
      toast(copy.done);
      onDone();
    } catch (error) {
      toastFailure(error);
    }
  });
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className={bare ? 'grid gap-3' : 'grid gap-3 rounded-2xl bg-cream p-4'}
      aria-label={copy.name}
    >
      <Field
        id={`${change}-${sessionId}`}
        label={copy.question}
        required={copy.required}
        optional={!copy.required}
        error={formState.errors.text?.message}
      >
        <Textarea rows={copy.rows} {...register('text')} />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={formState.isSubmitting}>
          {copy.send}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          {copy.keep}
        </Button>
      </div>
    </form>
  );
}

/**
 * Cancelling asks first, in a dialog naming the session: an optional word for the coach, then
 * "Yes, cancel this session" or "Keep the session" (Escape too). The server checks the notice.
 */
export function CancelSessionDialog({
  sessionId,
  childName,
  startsAt,
  open,
  onOpenChange,
}: {
  sessionId: string;
  childName: string;
  startsAt: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Cancel this session?"
      description={`${childName}'s session on ${formatSessionTime(startsAt)} will be cancelled, and we will tell your coach.`}
      closeButton={false}
    >
      <SessionChangeForm change="cancel" sessionId={sessionId} onDone={() => onOpenChange(false)} bare />
    </Dialog>
  );
}
