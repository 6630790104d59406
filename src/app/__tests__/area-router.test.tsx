import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useNavigate as useRouterNavigate, useParams } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createMemoryHistory } from '@/lib/history';
import { Link, useLocation } from '@/lib/navigation';
import { TestRouter } from '@/test/router';

function Where() {
  const { pathname, state } = useLocation();
  return <p data-testid="where">{`${pathname} ${JSON.stringify(state)}`}</p>;
}

describe('the signed-in areas’ router on the same history', () => {
  it('matches params, and its links and navigate move the one history', async () => {
    function Session() {
      const { id } = useParams();
      const navigate = useRouterNavigate();
      return (
        <>
          <p>session {id}</p>
          <button type="button" onClick={() => navigate('/admin/sessions/9', { state: { tab: 'notes' } })}>
            Next
          </button>
        </>
      );
    }
    const history = createMemoryHistory(['/admin/sessions/7']);
    render(
      <TestRouter history={history}>
        <Routes>
          <Route path="/admin/sessions/:id" element={<Session />} />
        </Routes>
        <Link to="/admin/sessions/8">Eight</Link>
        <Where />
      </TestRouter>,
    );
    expect(screen.getByText('session 7')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Eight' }));
    expect(screen.getByText('session 8')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('session 9')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/admin/sessions/9 {"tab":"notes"}');
  });
});
