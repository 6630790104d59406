import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast-store';
import { useCancelSession } from '../api/cancel-session';
import { cancelSchema } from '../queries/cancel-session';
import { useRequestReschedule } from '../api/request-reschedule';
import { rescheduleSchema } from '../queries/request-reschedule';

const failed = (error: unknown) =>
  toast({
    title: 'Something went wrong',
    description: (error as Error).message || 'Please try again.',
    variant: 'destructive',
  });

/** Ask the coach to move a session: which times suit the family. */
export function RescheduleForm({ sessionId, onDone }: { sessionId: string; onDone: () => void }) {
  const request = useRequestReschedule();
  const { register, handleSubmit, formState } = useForm<z.infer<typeof rescheduleSchema>>({
    resolver: zodResolver(rescheduleSchema),
    defaultValues: { message: '' },
  });
  const onSubmit = handleSubmit(async ({ message }) => {
    try {
      await request.mutateAsync({ sessionId, message });
      toast({ title: 'Request sent', description: 'Your coach will get back to you with a new time.' });
      onDone();
    } catch (error) {
      failed(error);
    }
  });
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="grid gap-3 rounded-2xl bg-cream p-4"
      aria-label="Ask to reschedule"
    >
      <Field
        id={`reschedule-${sessionId}`}
        label="Which times would suit you instead?"
        required
        error={formState.errors.message?.message}
      >
        <Textarea rows={3} {...register('message')} />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={formState.isSubmitting}>
          Send request to the coach
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          Never mind
        </Button>
      </div>
    </form>
  );
}

/** Cancel a session, with an optional reason for the coach. */
export function CancelForm({ sessionId, onDone }: { sessionId: string; onDone: () => void }) {
  const cancel = useCancelSession();
  const { register, handleSubmit, formState } = useForm<z.infer<typeof cancelSchema>>({
    resolver: zodResolver(cancelSchema),
    defaultValues: { reason: '' },
  });
  const onSubmit = handleSubmit(async ({ reason }) => {
    try {
      await cancel.mutateAsync({ sessionId, reason });
      toast({ title: 'Session cancelled', description: 'We have let your coach know.' });
      onDone();
    } catch (error) {
      failed(error);
    }
  });
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="grid gap-3 rounded-2xl bg-cream p-4"
      aria-label="Cancel the session"
    >
      <Field
        id={`cancel-${sessionId}`}
        label="Anything your coach should know?"
        optional
        error={formState.errors.reason?.message}
      >
        <Textarea rows={2} {...register('reason')} />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={formState.isSubmitting}>
          Yes, cancel this session
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          Keep the session
        </Button>
      </div>
    </form>
  );
}
