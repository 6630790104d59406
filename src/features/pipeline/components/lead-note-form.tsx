import { zodResolver } from '@hookform/resolvers/zod';
import { memo, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { controlClasses } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { useAddLeadNote, noteSchema, type NoteValues } from '../api/add-lead-note';

/** A lead's note form: the note goes into its history, and the field is ready for the next one. */
export const NoteForm = memo(function NoteForm({ leadId }: { leadId: string }) {
  const add = useAddLeadNote(leadId);
  const { register, handleSubmit, reset, formState } = useForm<NoteValues>({
    resolver: zodResolver(noteSchema),
    defaultValues: { body: '' },
  });
  const field = register('body');
  const textareaRef = useRef<HTMLTextAreaElement | null>(null);
  const save = ({ body }: NoteValues) =>
    add.mutateAsync(body.trim()).then(
      () => {
        reset();
        toast({ title: 'Note added' });
        // Back to the note field for the next note, once the form has re-rendered.
        requestAnimationFrame(() => textareaRef.current?.focus());
      },
      (error: unknown) =>
        toast({
          title: 'The note was not saved',
          description: (error as Error).message,
          variant: 'destructive',
        }),
    );
  return (
    <form onSubmit={(event) => void handleSubmit(save)(event)} noValidate className="space-y-2">
      <Field label="Add a note" error={formState.errors.body?.message}>
        <textarea
          rows={3}
          className={controlClasses}
          {...field}
          ref={(element) => {
            field.ref(element);
            textareaRef.current = element;
          }}
        />
      </Field>
      <Button type="submit" size="sm" aria-disabled={formState.isSubmitting || undefined}>
        Add note
      </Button>
    </form>
  );
});
