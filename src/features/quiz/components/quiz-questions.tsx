import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from '@/lib/navigation';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { answerScale, questions, skills } from '@/content/quiz';
import { cn } from '@/lib/cn';
import { useQuizProgress } from '../hooks/use-quiz-progress';
import { personalise } from '../lib/personalise';

const skillName = Object.fromEntries(skills.map((s) => [s.key, s.name]));

/** One question per screen, with progress, back and next; answers persist as they are chosen. */
export function QuizQuestions() {
  const navigate = useNavigate();
  const [progress, setProgress] = useQuizProgress();
  const [showError, setShowError] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  const index = Math.min(progress.currentIndex, questions.length - 1);
  const question = questions[index]!;
  const answer = progress.answers[question.id];
  const isLast = index === questions.length - 1;
  const total = questions.length;

  // Moving to another question puts the focus on it, so screen readers read the new question.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [index]);

  const choose = (value: number) => {
    setShowError(false);
    // Changing an answer after finishing makes it a new assessment.
    setProgress((current) => ({
      ...current,
      answers: { ...current.answers, [question.id]: value },
      assessmentId: null,
      saved: false,
    }));
  };

  const next = (event: FormEvent) => {
    event.preventDefault();
    if (answer === undefined) {
      setShowError(true);
      document.querySelector<HTMLInputElement>(`input[name="${question.id}"]`)?.focus();
      return;
    }
    if (isLast) {
      setProgress((current) => ({ ...current, assessmentId: current.assessmentId ?? crypto.randomUUID() }));
      navigate(paths.quizResults);
      return;
    }
    setProgress((current) => ({ ...current, currentIndex: index + 1 }));
  };

  const back = () => {
    setShowError(false);
    if (index === 0) navigate(paths.quiz);
    else setProgress((current) => ({ ...current, currentIndex: index - 1 }));
  };

  const percent = Math.round(((index + 1) / total) * 100);
  const errorId = `${question.id}-error`;

  return (
    <div className="space-y-8">
      <div className="space-y-3">
        <h1 className="font-display text-sm font-bold uppercase tracking-wider text-brand-700">
          Family skills assessment
        </h1>
        <div className="flex items-center justify-between gap-4 text-sm font-semibold text-ink-muted">
          <p aria-live="polite">
            Question {index + 1} of {total}
          </p>
          <p>{skillName[question.skill]}</p>
        </div>
        <div
          role="progressbar"
          aria-label="Assessment progress"
          aria-valuemin={1}
          aria-valuemax={total}
          aria-valuenow={index + 1}
          aria-valuetext={`Question ${index + 1} of ${total}`}
          className="h-3 w-full overflow-hidden rounded-full bg-brand-100"
        >
          <div
            className="h-full rounded-full bg-brand-600 transition-[width] duration-300 motion-reduce:transition-none"
            style={{ width: `${percent}%` }}
          />
        </div>
      </div>

      <form onSubmit={next} noValidate className="space-y-8">
        <fieldset
          key={question.id}
          aria-describedby={showError ? errorId : undefined}
          className="space-y-4 rounded-3xl border border-brand-100 bg-white p-5 shadow-sm sm:p-8"
        >
          <legend className="contents">
            <h2
              ref={headingRef}
              tabIndex={-1}
              className="mb-2 font-display text-xl font-bold leading-snug text-ink focus:outline-none sm:text-2xl"
            >
              {personalise(question.text, progress.child.firstName)}
            </h2>
          </legend>
          <p className="text-sm text-ink-muted">Think about the last month.</p>
          <div className="grid gap-3">
            {answerScale.map((option) => (
              <label
                key={option.value}
                className={cn(
                  'flex min-h-[52px] cursor-pointer items-center gap-3 rounded-2xl border-2 px-4 py-3 text-base font-semibold transition-colors motion-reduce:transition-none',
                  'has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700',
                  answer === option.value
                    ? 'border-brand-700 bg-brand-50 text-brand-900'
                    : 'border-brand-100 bg-white text-ink hover:border-brand-200 hover:bg-brand-50/60',
                )}
              >
                <input
                  type="radio"
                  name={question.id}
                  value={option.value}
                  checked={answer === option.value}
                  onChange={() => choose(option.value)}
                  className="h-5 w-5 shrink-0 accent-brand-700 focus:outline-none"
                />
                {option.label}
              </label>
            ))}
          </div>
          {showError ? (
            <p id={errorId} role="alert" className="text-sm font-semibold text-red-700">
              Please choose an answer to continue.
            </p>
          ) : null}
        </fieldset>

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          <Button variant="secondary" onClick={back}>
            Back
          </Button>
          <Button type="submit">{isLast ? 'See my results' : 'Next'}</Button>
        </div>
      </form>
    </div>
  );
}
