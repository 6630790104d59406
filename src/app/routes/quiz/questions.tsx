import { QuizQuestions } from '@/features/quiz/components/quiz-questions';
import { QuizShell } from '@/features/quiz/components/quiz-shell';
import { usePageMeta } from '@/lib/use-page-meta';

export default function QuizQuestionsPage() {
  usePageMeta({
    title: 'Assessment questions',
    description:
      'Answer one question at a time about everyday moments with your child. Your answers are kept as you go.',
  });
  return (
    <QuizShell>
      <QuizQuestions />
    </QuizShell>
  );
}
