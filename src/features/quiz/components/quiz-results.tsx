import { Star } from 'lucide-react';
import { useMemo } from 'react';
import { Navigate, useNavigate } from '@/lib/navigation';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { plans } from '@/content/plans';
import { skillResultCopy, skills } from '@/content/quiz';
import { useQuizProgress } from '../hooks/use-quiz-progress';
import { useSaveAssessmentOnce } from '../hooks/use-save-assessment-once';
import { personalise } from '../lib/personalise';
import { clearProgress, emptyProgress } from '../lib/progress';
import { isComplete, scoreQuiz } from '../lib/scoring';
import { EmailResultsForm } from './email-results-form';
import { RecommendedPlan, SkillScores } from './quiz-results-sections';

export function QuizResults() {
  const navigate = useNavigate();
  const [progress, setProgress] = useQuizProgress();
  const complete = isComplete(progress.answers);
  const result = useMemo(() => (complete ? scoreQuiz(progress.answers) : null), [complete, progress.answers]);
  const name = progress.child.firstName;
  const p = (text: string) => personalise(text, name);

  const { saved, failed, retry } = useSaveAssessmentOnce(progress, setProgress, result);
  const { assessmentId } = progress;

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
          {failed ? (
            <p className="flex flex-wrap items-center gap-2 rounded-xl bg-sun-100 p-3 text-ink">
              We could not save your results just now. They are still here in your browser.
              <Button size="sm" variant="secondary" onClick={retry}>
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

      <SkillScores result={result} personalise={p} />

      <RecommendedPlan plan={plan} personalise={p} />

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
