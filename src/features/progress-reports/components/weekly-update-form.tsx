import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast-store';
import { useShareWeeklyUpdate, weeklyUpdateSchema } from '../api/updates';

/** The coach shares this week's update with the family (it shows on the parent's dashboard). */
export function WeeklyUpdateForm({
  childId,
  childName,
  coachId,
}: {
  childId: string;
  childName: string;
  coachId: string;
}) {
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | undefined>();
  const share = useShareWeeklyUpdate();
  const headingId = useId();
  return (
    <form
      aria-labelledby={headingId}
      className="grid gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = weeklyUpdateSchema.safeParse({ body });
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message);
          return;
        }
        setError(undefined);
        share.mutate(
          { childId, coachId, body: parsed.data.body },
          {
            onSuccess: () => {
              setBody('');
              toast({
                title: 'Update shared',
                description: `${childName}'s family can read it on their dashboard.`,
              });
            },
            onError: (e) =>
              setError((e as { message?: string }).message ?? 'The update could not be shared.'),
          },
        );
      }}
    >
      <h3 id={headingId} className="font-display text-lg font-bold text-ink">
        This week's update for {childName}'s family
      </h3>
      <Field label="Update" hint="What you worked on and one thing to try at home." error={error}>
        <Textarea rows={4} value={body} maxLength={4000} onChange={(e) => setBody(e.target.value)} />
      </Field>
      <Button type="submit" size="sm" className="w-fit" disabled={share.isPending}>
        Share with the family
      </Button>
    </form>
  );
}
