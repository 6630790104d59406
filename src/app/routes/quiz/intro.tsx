import { site } from '@/config/site';
import { QuizIntro } from '@/features/quiz/components/quiz-intro';
import { QuizShell } from '@/features/quiz/components/quiz-shell';
import { usePageMeta } from '@/lib/use-page-meta';

export default function QuizIntroPage() {
  usePageMeta({
    title: 'Free 5-minute family skills assessment',
    description: `A free ${site.assessmentMinutes}-minute assessment for parents of children aged ${site.ages}: see your child's strengths in emotional regulation, confidence, focus and connection, and the coaching plan that fits.`,
  });
  return (
    <QuizShell>
      <QuizIntro />
    </QuizShell>
  );
}
