import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmptyRow, RowHeader, Table, TD, TR } from '../table';

describe('Table', () => {
  it('is a table named by its caption, with column headers and row headers', () => {
    render(
      <Table
        caption="Invoices, newest first"
        columns={['Date', 'Invoice', { label: 'Download', hidden: true }]}
      >
        <TR>
          <TD>1 Nov</TD>
          <RowHeader>INV-1</RowHeader>
          <TD>PDF</TD>
        </TR>
      </Table>,
    );
    const table = screen.getByRole('table', { name: 'Invoices, newest first' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Date', 'Invoice', 'Download']);
    expect(within(table).getByRole('rowheader', { name: 'INV-1' })).toBeInTheDocument();
  });

  it('scrolls inside a box a keyboard can reach when it is named', () => {
    render(
      <Table caption="Audit log entries" columns={['Time']} scrollLabel="Audit log table">
        <EmptyRow columns={1}>Nothing yet.</EmptyRow>
      </Table>,
    );
    const box = screen.getByRole('region', { name: 'Audit log table' });
    expect(box).toHaveAttribute('tabindex', '0');
    expect(box).toHaveClass('overflow-x-auto');
    expect(screen.getByRole('cell', { name: 'Nothing yet.' })).toHaveAttribute('colspan', '1');
  });
});
