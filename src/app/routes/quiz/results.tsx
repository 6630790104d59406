import { QuizResults } from '@/features/quiz/components/quiz-results';
import { QuizShell } from '@/features/quiz/components/quiz-shell';
import { usePageMeta } from '@/lib/use-page-meta';

export default function QuizResultsPage() {
  usePageMeta({
    title: 'Your assessment results',
    description:
      "Your child's scores in emotional regulation, confidence, focus and connection, the top focus area, and the coaching plan we recommend.",
  });
  return (
    <QuizShell>
      <QuizResults />
    </QuizShell>
  );
}
