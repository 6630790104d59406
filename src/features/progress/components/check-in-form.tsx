import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { answerScale, questions, skills, type SkillKey } from '@/content/quiz';
import { cn } from '@/lib/cn';
import { useChildName } from '../api/get-child';
import { useSaveCheckIn } from '../api/save-check-in';

const skillName = Object.fromEntries(skills.map((s) => [s.key, s.name]));

/**
 * The assessment quiz as a check-in for one child: the same 16 questions and answer scale, all on
 * one page (a parent who has taken it knows it), scored as the quiz scores it (`score`, given by
 * the app), kept on the child. The id is made once per page, so a retried save stores one.
 */
export function CheckInForm({
  childId,
  score,
  onSaved,
}: {
  childId: string;
  score: (answers: Record<string, number>) => Record<SkillKey, number>;
  onSaved: () => void;
}) {
  const child = useChildName(childId);
  const save = useSaveCheckIn();
  const [answers, setAnswers] = useState<Record<string, number>>({});
  const [missing, setMissing] = useState<string[]>([]);
  const [id] = useState(() => crypto.randomUUID());

  if (child.isPending) return <p role="status">Loading…</p>;
  if (child.isError || !child.data) {
    return (
      <p role="alert" className="rounded-2xl bg-red-50 p-4 text-red-800">
        This check-in is not one you can take: it is for a child of your family only.
      </p>
    );
  }
  const name = child.data;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const unanswered = questions.filter((q) => answers[q.id] === undefined).map((q) => q.id);
    setMissing(unanswered);
    if (unanswered.length > 0) {
      document.querySelector<HTMLInputElement>(`input[name="${unanswered[0]}"]`)?.focus();
      return;
    }
    save.mutate(
      { id, childId, answers, scores: score(answers) },
      {
        onSuccess: () => {
          toast({ title: `${name}'s check-in is saved` });
          onSaved();
        },
        onError: () =>
          toast({
            title: 'Check-in not saved',
            description: 'Please try again in a moment.',
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-5" aria-label={`${name}'s check-in`}>
      <p className="text-ink">
        Think about the last month. {questions.length} questions about {name}; your answers stay with {name}
        &apos;s profile, for you and {name}&apos;s coach.
      </p>
      {questions.map((question, index) => {
        const errorId = `${question.id}-error`;
        const isMissing = missing.includes(question.id);
        return (
          <fieldset
            key={question.id}
            aria-describedby={isMissing ? errorId : undefined}
            className="grid gap-3 rounded-3xl border border-brand-100 bg-white p-4 sm:p-6"
          >
            <legend className="contents">
              <span className="block text-sm font-semibold text-brand-800">
                {index + 1} of {questions.length} · {skillName[question.skill]}
              </span>
              <span className="block font-display text-lg font-bold text-ink">
                {question.text.replaceAll('{child}', name)}
              </span>
            </legend>
            <div className="grid gap-2 sm:grid-cols-5">
              {answerScale.map((option) => (
                <label
                  key={option.value}
                  className={cn(
                    'flex min-h-11 cursor-pointer items-center gap-2 rounded-2xl border-2 px-3 py-2 text-sm font-semibold',
                    'has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700',
                    answers[question.id] === option.value
                      ? 'border-brand-700 bg-brand-50 text-brand-900'
                      : 'border-brand-100 bg-white text-ink',
                  )}
                >
                  <input
                    type="radio"
                    name={question.id}
                    value={option.value}
                    checked={answers[question.id] === option.value}
                    onChange={() => {
                      setAnswers((current) => ({ ...current, [question.id]: option.value }));
                      setMissing((current) => current.filter((q) => q !== question.id));
                    }}
                    className="h-5 w-5 shrink-0 accent-brand-700"
                  />
                  {option.label}
                </label>
              ))}
            </div>
            {isMissing ? (
              <p id={errorId} className="text-sm font-semibold text-red-700">
                Please choose an answer.
              </p>
            ) : null}
          </fieldset>
        );
      })}
      {missing.length > 0 ? (
        <p role="alert" className="font-semibold text-red-700">
          {missing.length === 1 ? 'One question has' : `${missing.length} questions have`} no answer yet.
        </p>
      ) : null}
      <Button type="submit" className="w-fit" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save the check-in'}
      </Button>
    </form>
  );
}
