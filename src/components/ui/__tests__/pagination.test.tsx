import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from '../pagination';

const show = (page: number, total: number, onPage = vi.fn()) =>
  render(
    <Pagination
      page={page}
      pageSize={20}
      total={total}
      noun={['lead', 'leads']}
      label="Leads pages"
      onPage={onPage}
    />,
  );

describe('Pagination', () => {
  it('counts pages from 1 and says where we are', () => {
    show(2, 75);
    const nav = screen.getByRole('navigation', { name: 'Leads pages' });
    expect(nav).toHaveTextContent('Page 2 of 4 · 75 leads');
  });

  it('goes to the page before and after', async () => {
    const onPage = vi.fn();
    show(2, 75, onPage);
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPage.mock.calls).toEqual([[1], [3]]);
  });

  it('offers no page before the first nor after the last', () => {
    show(1, 1);
    expect(screen.getByRole('navigation')).toHaveTextContent('Page 1 of 1 · 1 lead');
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('shows an empty list as one page', () => {
    show(1, 0);
    expect(screen.getByRole('navigation')).toHaveTextContent('Page 1 of 1 · 0 leads');
  });
});
