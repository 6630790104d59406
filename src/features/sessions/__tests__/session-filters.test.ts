import { describe, expect, it } from 'vitest';
import { parseSessionsView, sessionsViewToSearch } from '../lib/session-filters';

const TODAY = '2026-11-25'; // a Wednesday
const parse = (search: string) => parseSessionsView(new URLSearchParams(search), TODAY);

describe('the sessions page in the URL', () => {
  it('opens the week view of this week, the list from today, when the URL says nothing', () => {
    expect(parse('')).toEqual({
      view: 'week',
      monday: '2026-11-23',
      coachId: '',
      childId: '',
      status: '',
      fromDate: TODAY,
      toDate: '',
      page: 1,
    });
  });

  it("opens the list with the overview's range and status (the list behind the figure)", () => {
    expect(parse('?view=list&status=active&from=2026-11-23&to=2026-11-29')).toMatchObject({
      view: 'list',
      status: 'active',
      fromDate: '2026-11-23',
      toDate: '2026-11-29',
    });
    // A link with only a range still opens the list.
    expect(parse('?from=2026-11-25&to=2026-11-25')).toMatchObject({ view: 'list', fromDate: TODAY });
  });

  it('keeps a cleared lower bound apart from the default one', () => {
    expect(parse('?view=list&from=').fromDate).toBe('');
    expect(parse('?view=list').fromDate).toBe(TODAY);
  });

  it('ignores what is malformed', () => {
    expect(parse('?view=grid&status=lost&from=tomorrow&to=2026-13-45&page=-2&coach=x;drop')).toEqual({
      ...parse('?view=list'),
      fromDate: '',
    });
  });

  it('writes back what it reads, defaults left out, and a week as its Monday', () => {
    const view = parse('?view=list&coach=c0ffee&child=beef&status=completed&from=&to=2026-12-01&page=3');
    expect(view.page).toBe(3);
    const search = sessionsViewToSearch(view, TODAY);
    expect(search).toBe('?view=list&coach=c0ffee&child=beef&status=completed&from=&to=2026-12-01&page=3');
    expect(parse(search)).toEqual(view);
    expect(sessionsViewToSearch(parse('?view=week&week=2026-12-03'), TODAY)).toBe(
      '?view=week&week=2026-11-30',
    );
    expect(sessionsViewToSearch(parse(''), TODAY)).toBe('?view=week');
  });
});
