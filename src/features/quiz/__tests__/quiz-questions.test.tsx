import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from '@/lib/navigation';
import { TestRouter } from '@/test/router';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { questions } from '@/content/quiz';
import { QuizQuestions } from '../components/quiz-questions';
import { PROGRESS_STORAGE_KEY, emptyProgress, loadProgress, saveProgress } from '../lib/progress';

/** The questions while the location is theirs, the location once they have left. */
function Page() {
  const { pathname } = useLocation();
  return pathname === paths.quizQuestions ? <QuizQuestions /> : <p data-testid="where">{pathname}</p>;
}

function renderQuestions() {
  return render(
    <TestRouter initialEntries={[paths.quizQuestions]}>
      <Page />
    </TestRouter>,
  );
}

beforeEach(() => window.localStorage.clear());

describe('QuizQuestions', () => {
  it('shows one question with its progress and the five answers in a labelled group', () => {
    renderQuestions();
    expect(screen.getByText(`Question 1 of ${questions.length}`)).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Assessment progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '1');
    expect(bar).toHaveAttribute('aria-valuemax', String(questions.length));
    const group = screen.getByRole('group', { name: /^When your child gets upset, they can calm down/ });
    expect(group).toBeInTheDocument();
    expect(screen.getAllByRole('radio').map((r) => r.closest('label')!.textContent)).toEqual([
      'Never',
      'Rarely',
      'Sometimes',
      'Often',
      'Almost always',
    ]);
  });

  it('asks for an answer before moving on', async () => {
    const user = userEvent.setup();
    renderQuestions();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose an answer to continue.');
    expect(screen.getByText(`Question 1 of ${questions.length}`)).toBeInTheDocument();
  });

  it('works by keyboard and stores each answer as it is chosen', async () => {
    const user = userEvent.setup();
    renderQuestions();
    await user.click(screen.getByRole('radio', { name: 'Sometimes' }));
    await user.keyboard('{ArrowDown}'); // Sometimes -> Often
    expect(screen.getByRole('radio', { name: 'Often' })).toBeChecked();
    await user.keyboard('{Enter}');
    expect(screen.getByText(`Question 2 of ${questions.length}`)).toBeInTheDocument();
    expect(loadProgress().answers).toEqual({ [questions[0]!.id]: 3 });
    expect(loadProgress().currentIndex).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('radio', { name: 'Often' })).toBeChecked();
  });

  it('resumes at the stored question with the child named', () => {
    saveProgress({
      ...emptyProgress(),
      child: { firstName: 'Noah', age: 8 },
      answers: { [questions[0]!.id]: 1, [questions[1]!.id]: 2 },
      currentIndex: 2,
    });
    renderQuestions();
    expect(screen.getByText(`Question 3 of ${questions.length}`)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(/^Noah /);
  });

  it('finishes on the last question with an assessment id and goes to the results', async () => {
    const user = userEvent.setup();
    const answers = Object.fromEntries(questions.slice(0, -1).map((q) => [q.id, 2]));
    saveProgress({ ...emptyProgress(), answers, currentIndex: questions.length - 1 });
    renderQuestions();
    await user.click(screen.getByRole('radio', { name: 'Rarely' }));
    await user.click(screen.getByRole('button', { name: 'See my results' }));
    expect(screen.getByTestId('where')).toHaveTextContent(paths.quizResults);
    const stored = JSON.parse(window.localStorage.getItem(PROGRESS_STORAGE_KEY)!);
    expect(Object.keys(stored.answers)).toHaveLength(questions.length);
    expect(stored.assessmentId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
