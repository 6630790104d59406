import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHART_LABEL_PX, ProgressChart } from '../components/progress-chart';
import type { CheckInPoint } from '../lib/trend';

/** Five check-ins a month apart (the table's newest column is the one a parent looks for). */
const checkIns: CheckInPoint[] = [30, 40, 50, 60, 70].map((focus, i) => ({
  id: `c${i}`,
  takenAt: Date.UTC(2025, 6 + i, 3, 15),
  scores: { emotions: 50, confidence: 50, focus, connection: 50 },
}));

function renderChart() {
  render(<ProgressChart checkIns={checkIns} childName="Mia" timeZone="UTC" idPrefix="p" />);
}

afterEach(() => vi.restoreAllMocks());

describe("a child's progress", () => {
  it('lists the newest check-in first in the table, so it is the column in view', () => {
    renderChart();
    const table = screen.getByRole('table', { name: /^Mia's check-in scores/ });
    expect(table).toHaveAccessibleName("Mia's check-in scores (0 to 100), newest check-in first");
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Skill', 'Nov 3, 2025', 'Oct 3, 2025', 'Sep 3, 2025', 'Aug 3, 2025', 'Jul 3, 2025']);
    const focus = within(table).getByRole('row', { name: /^Focus/ });
    expect(
      within(focus)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['70', '60', '50', '40', '30']);
  });

  it('draws the charts unscaled, with labels at least 12 px high', () => {
    renderChart();
    const chart = screen.getByTestId('chart-focus');
    const svg = chart.querySelector('svg')!;
    // A viewBox would scale the drawing (and its labels) down to the column's width.
    expect(svg).not.toHaveAttribute('viewBox');
    const labels = [...chart.querySelectorAll('text')];
    expect(labels.map((t) => t.textContent)).toEqual(['0', '50', '100', '30', '70']);
    expect(CHART_LABEL_PX).toBeGreaterThanOrEqual(12);
    for (const label of labels) expect(Number(label.getAttribute('font-size'))).toBeGreaterThanOrEqual(12);
  });

  it('draws at the width it is given: a narrow column gets a narrow chart, not a shrunken one', () => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(150);
    renderChart();
    const chart = screen.getByTestId('chart-focus');
    expect(chart.querySelector('svg')).toHaveAttribute('width', '150');
    const xs = [...chart.querySelectorAll('circle')].map((c) => Number(c.getAttribute('cx')));
    expect(Math.max(...xs)).toBeLessThanOrEqual(150 - 18);
  });
});
