import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { TestRouter } from '@/test/router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { QuizResults } from '../components/quiz-results';
import { emptyProgress, loadProgress, saveProgress } from '../lib/progress';
import { answersWithPoints } from './factories';

const insert = vi.fn();
vi.mock('@/lib/supabase', () => ({
  getSupabase: async () => ({
    from: (table: string) => ({ insert: (row: unknown) => insert(table, row) }),
  }),
}));

const assessmentId = '6f1d0c3e-2b7a-4c1e-9d2f-0a1b2c3d4e5f';

function renderResults() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: 0 } } });
  return render(
    <QueryClientProvider client={client}>
      <TestRouter initialEntries={[paths.quizResults]}>
        <QuizResults />
      </TestRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  insert.mockReset().mockResolvedValue({ error: null });
  saveProgress({
    ...emptyProgress(),
    child: { firstName: 'Leo', age: 11 },
    answers: answersWithPoints({ emotions: 1, confidence: 1, focus: 0, connection: 3 }),
    currentIndex: 15,
    assessmentId,
  });
});

describe('QuizResults', () => {
  it('shows the scores, the top focus area and the plan, and saves the assessment once', async () => {
    const { unmount } = renderResults();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent("Leo's skills snapshot");
    expect(screen.getByTestId('top-focus-area')).toHaveTextContent('Focus');
    expect(screen.getByTestId('recommended-plan')).toHaveTextContent('Intensive Momentum');
    await screen.findByText('Your results are saved.');
    expect(insert).toHaveBeenCalledTimes(1);
    expect(insert).toHaveBeenCalledWith(
      'quiz_assessments',
      expect.objectContaining({
        id: assessmentId,
        scores: { emotions: 25, confidence: 25, focus: 0, connection: 75 },
        recommended_plan: 'intensive-momentum',
        top_focus_area: 'focus',
        child_first_name: 'Leo',
        child_age: 11,
        analytics_session_id: expect.stringMatching(/^session_\d+_/),
      }),
    );
    expect(loadProgress().saved).toBe(true);

    // Coming back to the results (a reload) does not save it again.
    unmount();
    renderResults();
    expect(await screen.findByText('Your results are saved.')).toBeInTheDocument();
    expect(insert).toHaveBeenCalledTimes(1);
  });

  it('counts an id collision as saved: an earlier try got through', async () => {
    insert.mockResolvedValue({
      error: {
        code: '23505',
        message: 'duplicate key value violates unique constraint "quiz_assessments_pkey"',
      },
    });
    renderResults();
    await screen.findByText('Your results are saved.');
  });

  it('keeps the results on screen and offers a retry when saving fails', async () => {
    insert.mockResolvedValueOnce({ error: { code: '08006', message: 'offline' } });
    renderResults();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByTestId('recommended-plan')).toBeInTheDocument();
    retry.click();
    await waitFor(() => expect(screen.getByText('Your results are saved.')).toBeInTheDocument());
    expect(insert).toHaveBeenCalledTimes(2);
  });
});
