import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast-store';
import { useFollowUp } from '../api/get-follow-up';
import type { SessionRow } from '../api/get-sessions';
import {
  notesSchema,
  parentUpdateSchema,
  pointsSchema,
  useAwardPoints,
  useSaveNotes,
  useShareParentUpdate,
} from '../api/save-follow-up';

const failed = (title: string) => () =>
  toast({ title, description: 'Please try again in a moment.', variant: 'destructive' });

/**
 * What the coach writes after a session: session notes (never shown in the family's or the child's
 * app, yet part of the family's data export: docs/decisions/120), the weekly update the parent
 * reads, and Ploom Points for the child.
 */
export function FollowUpForms({ session }: { session: SessionRow }) {
  const childId = session.child!.id;
  const followUp = useFollowUp(session.id, childId, session.startsAt);
  const saveNotes = useSaveNotes(session.id);
  const share = useShareParentUpdate(session.id);
  const award = useAwardPoints(session.id);

  const notesForm = useForm<z.input<typeof notesSchema>>({
    resolver: zodResolver(notesSchema),
    defaultValues: { notes: '' },
  });
  const updateForm = useForm<z.input<typeof parentUpdateSchema>>({
    resolver: zodResolver(parentUpdateSchema),
    defaultValues: { body: '' },
  });
  const pointsForm = useForm<z.input<typeof pointsSchema>, unknown, z.output<typeof pointsSchema>>({
    resolver: zodResolver(pointsSchema),
    defaultValues: { points: 10, reason: 'Attended a session' },
  });
  const loaded = followUp.data;
  const { reset: resetNotes } = notesForm;
  const { reset: resetUpdate } = updateForm;
  // What was saved becomes each box's starting text, but never over text typed and not yet saved
  // (a failed save, or another form's save reloading the follow-up, keeps what the coach wrote).
  useEffect(() => {
    if (!loaded) return;
    resetNotes({ notes: loaded.notes }, { keepDirtyValues: true });
    resetUpdate({ body: loaded.parentUpdate?.body ?? '' }, { keepDirtyValues: true });
  }, [loaded, resetNotes, resetUpdate]);

  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <form
        noValidate
        onSubmit={notesForm.handleSubmit(async ({ notes }) => {
          await saveNotes.mutateAsync({ sessionId: session.id, notes }).then(() => {
            resetNotes({ notes: notes.trim() });
            toast({ title: 'Session notes saved' });
          }, failed('Notes not saved'));
        })}
        className="flex flex-col gap-3"
      >
        <Field
          label="Session notes"
          hint="Not shown in the family's app, but part of the family's data: a parent who downloads it reads them."
          error={notesForm.formState.errors.notes?.message}
        >
          <Textarea {...notesForm.register('notes')} />
        </Field>
        <Button type="submit" size="sm" disabled={saveNotes.isPending}>
          Save notes
        </Button>
      </form>

      <form
        noValidate
        onSubmit={updateForm.handleSubmit(async ({ body }) => {
          await share
            .mutateAsync({
              sessionId: session.id,
              childId,
              coachId: session.coach?.id ?? null,
              existingId: loaded?.parentUpdate?.id,
              body,
            })
            .then(() => {
              resetUpdate({ body: body.trim() });
              toast({ title: 'Update shared with the family' });
            }, failed('Update not shared'));
        })}
        className="flex flex-col gap-3"
      >
        <Field
          label="Weekly update for the parent"
          hint={loaded?.parentUpdate?.sharedAt ? 'Shared with the family.' : 'The parent reads this.'}
          error={updateForm.formState.errors.body?.message}
        >
          <Textarea {...updateForm.register('body')} />
        </Field>
        <Button type="submit" size="sm" disabled={share.isPending}>
          Share update
        </Button>
      </form>

      <form
        noValidate
        onSubmit={pointsForm.handleSubmit(async ({ points, reason }) => {
          await award
            .mutateAsync({ childId, points, reason })
            .then(() => toast({ title: `${points} Ploom Points awarded` }), failed('Points not awarded'));
        })}
        className="flex flex-col gap-3"
      >
        <Field label="Ploom Points" error={pointsForm.formState.errors.points?.message}>
          <Input type="number" min={1} max={100} {...pointsForm.register('points')} />
        </Field>
        <Field label="For" error={pointsForm.formState.errors.reason?.message}>
          <Input {...pointsForm.register('reason')} />
        </Field>
        <p className="text-sm text-ink-muted" aria-live="polite">
          {loaded ? `${loaded.pointsAwarded} points given since this session started.` : ''}
        </p>
        <Button type="submit" size="sm" disabled={award.isPending}>
          Award points
        </Button>
      </form>
    </div>
  );
}
