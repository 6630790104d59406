import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestRouter } from '@/test/router';
import { LeadsWorkspace } from '../components/leads-workspace';
import { DETAILS_BESIDE_QUERY, detailsPlacement } from '../lib/lead-layout';
import type { LeadRow } from '../lib/lead-query';

/** 25 leads, one page. */
const rows = Array.from(
  { length: 25 },
  (_, i) =>
    ({
      id: `lead-${i + 1}`,
      name: `Parent ${i + 1}`,
      email: `parent${i + 1}@example.com`,
      source: 'waitlist',
      child_name: 'Kit',
      child_age: 9,
      focus_area: 'focus',
      landing_variant: '/pricing',
      utm_campaign: null,
      status: 'new',
      assignee_name: null,
      created_at: '2026-11-20T10:00:00Z',
      overdue: false,
    }) as unknown as LeadRow,
);

vi.mock('../api/get-leads', () => ({
  leadsKey: ['leads'],
  useLeads: () => ({ data: { rows, count: rows.length }, isPending: false, isError: false, error: null }),
}));
vi.mock('../api/export-leads', () => ({ useExportLeads: () => ({ mutate: vi.fn(), isPending: false }) }));
vi.mock('@/lib/live-query', () => ({ useLiveQuery: () => undefined }));
vi.mock('@/lib/first-screen', () => ({ useLoadWhenDrawn: () => undefined }));
// The details' own content is proven elsewhere; here only where they open.
vi.mock('../components/lead-details', () => ({
  preloadLeadDetails: () => undefined,
  LeadDetails: ({ id }: { id: string }) => (
    <section aria-label="Lead details">
      <h2>Details of {id}</h2>
    </section>
  ),
}));

/** A window as wide as `width`, answering media queries by it. */
function windowOf(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === DETAILS_BESIDE_QUERY ? width >= 1024 : false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}
afterEach(() => vi.unstubAllGlobals());

function renderWorkspace(address = '/admin/waitlist') {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <TestRouter initialEntries={[address]}>
        <LeadsWorkspace isAdmin variants={[]} />
      </TestRouter>
    </QueryClientProvider>,
  );
}

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('the leads at a phone’s width', () => {
  it('places the details beside the list when wide, under the lead’s row when not, first when the lead has no row', () => {
    expect(detailsPlacement(true, true)).toBe('beside');
    expect(detailsPlacement(false, true)).toBe('under-row');
    expect(detailsPlacement(false, false)).toBe('above-list');
  });

  it('keeps Name, Status and Received in view and leaves Source, Child and Assignee to the details', () => {
    windowOf(390);
    renderWorkspace();
    const phoneOnly = (name: RegExp) =>
      screen.getByRole('columnheader', { name }).className.split(' ').includes('hidden');
    expect(phoneOnly(/^Source/)).toBe(true);
    expect(phoneOnly(/^Child/)).toBe(true);
    expect(phoneOnly(/^Assignee/)).toBe(true);
    expect(phoneOnly(/^Name/)).toBe(false);
    expect(phoneOnly(/^Status/)).toBe(false);
    expect(phoneOnly(/^Received/)).toBe(false);
    const cells = within(bodyRows()[0]!).getAllByRole('cell');
    expect(cells.map((cell) => cell.className.includes('hidden md:table-cell'))).toEqual([
      true, // source
      true, // child
      false, // status
      true, // assignee
      false, // received
    ]);
  });

  it('opens a lead far down the list right under its row, not below all 25', async () => {
    windowOf(390);
    renderWorkspace();
    await userEvent.click(screen.getByRole('button', { name: 'Parent 3' }));
    const details = await screen.findByRole('region', { name: 'Lead details' });
    const all = bodyRows();
    const row = all.findIndex((r) => within(r).queryByRole('button', { name: 'Parent 3' }));
    expect(all[row + 1]).toContainElement(details);
    expect(all).toHaveLength(26);
  });

  it('opens the details first when the lead is not on this page', () => {
    windowOf(390);
    renderWorkspace('/admin/waitlist?lead=lead-99');
    const details = screen.getByRole('region', { name: 'Lead details' });
    expect(screen.getByRole('table')).not.toContainElement(details);
    expect(details.compareDocumentPosition(screen.getByRole('table'))).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });

  it('keeps the details beside the list from the lg width on', async () => {
    windowOf(1280);
    renderWorkspace();
    await userEvent.click(screen.getByRole('button', { name: 'Parent 3' }));
    const details = await screen.findByRole('region', { name: 'Lead details' });
    expect(screen.getByRole('table')).not.toContainElement(details);
    expect(bodyRows()).toHaveLength(25);
  });
});
