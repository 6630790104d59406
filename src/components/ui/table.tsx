import {
  createContext,
  useContext,
  type HTMLAttributes,
  type ReactNode,
  type TdHTMLAttributes,
  type ThHTMLAttributes,
} from 'react';
import { cn } from '@/lib/cn';

/**
 * The house's data tables: a white rounded box that scrolls sideways on its own, so a wide table
 * never widens the page (at 390 px the page stays within the window, the table scrolls), a caption,
 * a tinted header row and ruled rows.
 *
 *   <Table caption="Invoices, newest first" columns={['Date', 'Amount', { label: 'Download', hidden: true }]}>
 *     {rows.map((row) => <TR key={row.id}><TD>…</TD></TR>)}
 *   </Table>
 */

/** `md`: the admin lists' roomy cells; `sm`: the denser pipeline and report tables. */
type Density = 'md' | 'sm';
const DensityContext = createContext<Density>('md');
const padX: Record<Density, string> = { md: 'px-4', sm: 'px-3' };
const padding: Record<Density, string> = { md: `${padX.md} py-3`, sm: `${padX.sm} py-2` };
const useCell = () => padding[useContext(DensityContext)];

/** A column heading: its text, or with `hidden` a name only screen readers hear (an actions column). */
export type Column = ReactNode | { label: string; hidden?: boolean; className?: string };

function isColumnObject(column: Column): column is { label: string; hidden?: boolean; className?: string } {
  return typeof column === 'object' && column !== null && 'label' in column;
}

export function Table({
  caption,
  captionVisible = false,
  columns,
  head,
  children,
  scrollLabel,
  minWidth,
  density = 'md',
  className,
}: {
  /** What the table holds, read out first (visually hidden unless `captionVisible`). */
  caption: ReactNode;
  captionVisible?: boolean;
  /** The header row's columns; or `head`, for header cells of the caller's own (sortable ones). */
  columns?: readonly Column[];
  head?: ReactNode;
  /** The rows (`TR`). */
  children: ReactNode;
  /**
   * Names the scrolling box and makes it focusable, so a keyboard can scroll a wide table that has
   * nothing focusable inside it.
   */
  scrollLabel?: string;
  /** Below this width the table scrolls instead of squeezing its columns (`min-w-[48rem]`). */
  minWidth?: string;
  density?: Density;
  className?: string;
}) {
  const cell = padding[density];
  return (
    <DensityContext.Provider value={density}>
      <div
        role={scrollLabel ? 'region' : undefined}
        aria-label={scrollLabel}
        tabIndex={scrollLabel ? 0 : undefined}
        className={cn(
          'relative w-full max-w-full overflow-x-auto rounded-2xl border border-brand-100 bg-white',
          scrollLabel && 'focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700',
          className,
        )}
      >
        <table className={cn('w-full text-left text-sm', minWidth)}>
          <caption className={captionVisible ? `${cell} text-left text-ink-muted` : 'sr-only'}>
            {caption}
          </caption>
          <thead className="bg-brand-50 text-ink">
            <tr>
              {columns?.map((column, index) =>
                isColumnObject(column) ? (
                  <TH key={index} className={column.className}>
                    {column.hidden ? <span className="sr-only">{column.label}</span> : column.label}
                  </TH>
                ) : (
                  <TH key={index}>{column}</TH>
                ),
              )}
              {head}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </div>
    </DensityContext.Provider>
  );
}

/** A column heading, for a `head` of the caller's own. */
export function TH({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope="col" className={cn(useCell(), className)} {...props} />;
}

/** A body row, ruled off from the one above. */
export function TR({ className, ...props }: HTMLAttributes<HTMLTableRowElement>) {
  return <tr className={cn('border-t border-brand-100', className)} {...props} />;
}

export function TD({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cn(useCell(), className)} {...props} />;
}

/** The cell that names its row (an invoice's number, an account's name); `strong` sets it in bold. */
export function RowHeader({
  className,
  strong = false,
  ...props
}: ThHTMLAttributes<HTMLTableCellElement> & { strong?: boolean }) {
  return (
    <th
      scope="row"
      className={cn(useCell(), strong ? 'font-semibold' : 'font-normal', className)}
      {...props}
    />
  );
}

/** The one row of an empty table, across every column. */
export function EmptyRow({ columns, children }: { columns: number; children: ReactNode }) {
  const x = padX[useContext(DensityContext)];
  return (
    <tr>
      <td colSpan={columns} className={cn(x, 'py-6 text-center text-ink-muted')}>
        {children}
      </td>
    </tr>
  );
}
