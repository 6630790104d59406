import { Star } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { Link, Navigate, useNavigate } from '@/lib/navigation';
import { Button, ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { plans } from '@/content/plans';
import { bandCopy, planReasons, skillResultCopy, skills, type Band } from '@/content/quiz';
import { cn } from '@/lib/cn';
import { useSaveAssessment } from '../api/save-assessment';
import { useQuizProgress } from '../hooks/use-quiz-progress';
import { personalise } from '../lib/personalise';
import { clearProgress, emptyProgress } from '../lib/progress';
import { isComplete, scoreQuiz } from '../lib/scoring';
import { EmailResultsForm } from './email-results-form';

const bandStyles: Record<Band, { badge: string; bar: string }> = {
  strength: { badge: 'bg-brand-100 text-brand-900', bar: 'bg-brand-600' },
  growing: { badge: 'bg-sun-100 text-ink', bar: 'bg-sun-400' },
  'focus-area': { badge: 'bg-ink text-white', bar: 'bg-ink' },
};

export function QuizResults() {
  const navigate = useNavigate();
  const [progress, setProgress] = useQuizProgress();
  const save = useSaveAssessment();
  const saving = useRef(false);
  const complete = isComplete(progress.answers);
  const result = useMemo(() => (complete ? scoreQuiz(progress.answers) : null), [complete, progress.answers]);
  const name = progress.child.firstName;
  const p = (text: string) => personalise(text, name);

  // Arriving with all answers but no id (e.g. an older tab): give this assessment its id.
  useEffect(() => {
    if (complete && !progress.assessmentId) {
      setProgress((current) => ({ ...current, assessmentId: crypto.randomUUID() }));
    }
  }, [complete, progress.assessmentId, setProgress]);

  const { assessmentId, saved } = progress;
  const { mutate } = save;
  const store = useMemo(
    () => () => {
      if (!result || !assessmentId || saving.current) return;
      saving.current = true;
      mutate(
        {
          id: assessmentId,
          answers: progress.answers,
          scores: result.scores,
          recommended_plan: result.recommendedPlan,
          top_focus_area: result.topFocusArea,
          child_first_name: progress.child.firstName,
          child_age: progress.child.age,
        },
        {
          onSuccess: () => setProgress((current) => ({ ...current, saved: true })),
          onSettled: () => {
            saving.current = false;
          },
        },
      );
    },
    [result, assessmentId, mutate, progress.answers, progress.child, setProgress],
  );

  // Save once per completed assessment; the stored flag keeps a reload from saving it again.
  useEffect(() => {
    if (!saved) store();
  }, [saved, store]);

  if (!result) {
    return <Navigate to={Object.keys(progress.answers).length ? paths.quizQuestions : paths.quiz} replace />;
  }

  const plan = plans.find((candidate) => candidate.id === result.recommendedPlan)!;
  const topSkill = skills.find((s) => s.key === result.topFocusArea)!;
  const childLabel = name ? `${name}'s` : "Your child's";

  const retake = () => {
    clearProgress();
    setProgress(emptyProgress());
    navigate(paths.quiz);
  };

  return (
    <div className="space-y-10">
      <section aria-labelledby="results-title" className="space-y-3">
        <p className="font-display text-sm font-bold uppercase tracking-wider text-brand-700">Your results</p>
        <h1 id="results-title" className="font-display text-3xl font-extrabold leading-tight sm:text-4xl">
          {childLabel} skills snapshot
        </h1>
        <p className="text-lg text-ink-muted">
          Each skill is scored from 0 to 100 based on your answers. Every child has strengths and skills still
          growing: this shows where coaching can make the biggest difference first.
        </p>
        <div aria-live="polite" className="text-sm">
          {save.isError ? (
            <p className="flex flex-wrap items-center gap-2 rounded-xl bg-sun-100 p-3 text-ink">
              We could not save your results just now. They are still here in your browser.
              <Button size="sm" variant="secondary" onClick={store}>
                Try again
              </Button>
            </p>
          ) : saved ? (
            <p className="text-ink-muted">Your results are saved.</p>
          ) : null}
        </div>
      </section>

      <section
        aria-labelledby="focus-title"
        className="rounded-3xl bg-brand-800 p-6 text-white shadow-md sm:p-8"
        data-testid="top-focus-area"
      >
        <p className="flex items-center gap-2 font-display text-sm font-bold uppercase tracking-wider text-sun-400">
          <Star className="h-4 w-4" aria-hidden="true" /> Top focus area
        </p>
        <h2 id="focus-title" className="mt-2 font-display text-2xl font-extrabold sm:text-3xl">
          {topSkill.name}
        </h2>
        <p className="mt-3 text-brand-50">{p(skillResultCopy[topSkill.key][result.bands[topSkill.key]])}</p>
      </section>

      <section aria-labelledby="scores-title" className="space-y-4">
        <h2 id="scores-title" className="font-display text-2xl font-bold">
          Scores by skill
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2">
          {skills.map((skill) => {
            const score = result.scores[skill.key];
            const band = result.bands[skill.key];
            return (
              <li
                key={skill.key}
                className={cn(
                  'space-y-3 rounded-2xl border bg-white p-5 shadow-sm',
                  skill.key === result.topFocusArea ? 'border-2 border-brand-700' : 'border-brand-100',
                )}
              >
                <div className="flex items-start justify-between gap-3">
                  <h3 className="font-display text-lg font-bold">{skill.name}</h3>
                  <span
                    className={cn(
                      'shrink-0 whitespace-nowrap rounded-full px-3 py-1 text-xs font-bold',
                      bandStyles[band].badge,
                    )}
                  >
                    {bandCopy[band].label}
                  </span>
                </div>
                <p className="font-display text-3xl font-extrabold text-ink">
                  {score}
                  <span className="text-base font-semibold text-ink-muted"> / 100</span>
                </p>
                <div className="h-2.5 overflow-hidden rounded-full bg-brand-50" aria-hidden="true">
                  <div
                    className={cn('h-full rounded-full', bandStyles[band].bar)}
                    style={{ width: `${score}%` }}
                  />
                </div>
                <p className="text-sm text-ink-muted">{p(skillResultCopy[skill.key][band])}</p>
              </li>
            );
          })}
        </ul>
        <dl className="grid gap-3 text-sm sm:grid-cols-3">
          {(['strength', 'growing', 'focus-area'] as const).map((band) => (
            <div key={band} className="rounded-xl bg-white/70 p-3">
              <dt>
                <span className={cn('rounded-full px-2 py-0.5 text-xs font-bold', bandStyles[band].badge)}>
                  {bandCopy[band].label}
                </span>
              </dt>
              <dd className="mt-2 text-ink-muted">{bandCopy[band].summary}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section
        aria-labelledby="plan-title"
        className="space-y-4 rounded-3xl border-2 border-sun-400 bg-white p-6 shadow-sm sm:p-8"
        data-testid="recommended-plan"
      >
        <p className="font-display text-sm font-bold uppercase tracking-wider text-brand-700">
          Recommended plan
        </p>
        <h2 id="plan-title" className="font-display text-2xl font-extrabold sm:text-3xl">
          {plan.name}
        </h2>
        <p className="text-ink-muted">
          {plan.sessionsPerWeek} × {site.sessionMinutes}-minute 1:1 video session
          {plan.sessionsPerWeek > 1 ? 's' : ''} per week with a dedicated coach, parents included.
        </p>
        <p>{p(planReasons[plan.id])}</p>
        <ul className="grid gap-1 text-sm text-ink-muted sm:grid-cols-2">
          {plan.features.map((feature) => (
            <li key={feature} className="flex gap-2">
              <span aria-hidden="true" className="text-brand-700">
                ✓
              </span>
              {feature}
            </li>
          ))}
        </ul>
        <div className="flex flex-col gap-3 pt-2 sm:flex-row">
          <ButtonLink to={paths.requestFitCall} size="lg">
            Book a free {site.introCallMinutes}-minute intro call
          </ButtonLink>
          <ButtonLink to={paths.waitlist} variant="secondary" size="lg">
            Join the waitlist
          </ButtonLink>
        </div>
        <p className="text-sm text-ink-muted">
          We reply within {site.replyWithinHours} hours, and families typically start within a week of the
          intro call. Compare all plans on the{' '}
          <Link to={paths.pricing} className="font-semibold text-brand-800 underline underline-offset-4">
            pricing page
          </Link>
          .
        </p>
      </section>

      {assessmentId && saved ? <EmailResultsForm assessmentId={assessmentId} /> : null}

      <section aria-labelledby="next-title" className="space-y-3">
        <h2 id="next-title" className="font-display text-xl font-bold">
          A note on what this is
        </h2>
        <p className="text-ink-muted">
          This snapshot is a starting point for a conversation, not a diagnosis. {site.disclaimer} If you are
          worried about your child&apos;s safety, mood, eating, sleep or development, please talk to your
          pediatrician or a licensed mental-health professional.
        </p>
        <Button variant="ghost" onClick={retake}>
          Retake the assessment
        </Button>
      </section>
    </div>
  );
}
