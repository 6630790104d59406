import { viewOutputs, type ViewOutput } from './node-tree.ts';

/**
 * Which table columns a view shows unchanged, so that the view inherits the keys of its base
 * tables, as PostgREST's schema cache does ("view key dependencies"): a view's column that is a
 * base table's column, directly or through other views, stands for that column in the table's
 * primary key and foreign keys. Postgres records that origin in the view's stored query
 * (`resorigtbl`/`resorigcol` of each target entry); a column computed from an expression has none.
 */

export interface ViewRow {
  oid: number;
  schema: string;
  name: string;
  /** pg_rewrite.ev_action as text */
  tree: string;
  /** attnum -> column name */
  columns: Record<string, string>;
}

export interface BaseRow {
  oid: number;
  schema: string;
  name: string;
  /** attnum -> column name */
  columns: Record<string, string>;
  /** primary key columns, in key order */
  pk: string[];
}

/** For one view: base table oid -> base column name -> the view's columns showing it. */
export type ViewDependencies = Map<number, Map<string, string[]>>;

/** Follows each column of the views in `start` to its base table column, through nested views. */
export function resolveViewColumns(
  views: ViewRow[],
  startSchemas: string[],
): Map<number, Map<number, { table: number; column: number; viewColumn: string }[]>> {
  const byOid = new Map(views.map((v) => [v.oid, v]));
  const outputs = new Map<number, ViewOutput[]>();
  const outputsOf = (view: ViewRow) => {
    let list = outputs.get(view.oid);
    if (!list) {
      list = viewOutputs(view.tree);
      outputs.set(view.oid, list);
    }
    return list;
  };
  const result = new Map<number, Map<number, { table: number; column: number; viewColumn: string }[]>>();
  for (const view of views) {
    if (!startSchemas.includes(view.schema)) continue;
    const byTable = new Map<number, { table: number; column: number; viewColumn: string }[]>();
    for (const out of outputsOf(view)) {
      const viewColumn = view.columns[String(out.resno)];
      if (!viewColumn) continue;
      let table = out.origTable;
      let column = out.origColumn;
      const seen = new Set<number>([view.oid]);
      // Through a view over a view down to the table (a cycle or a computed column ends it).
      while (table !== 0 && byOid.has(table) && !seen.has(table)) {
        seen.add(table);
        const inner = outputsOf(byOid.get(table) as ViewRow).find((o) => o.resno === column);
        table = inner?.origTable ?? 0;
        column = inner?.origColumn ?? 0;
      }
      if (table === 0 || byOid.has(table)) continue;
      byTable.set(table, [...(byTable.get(table) ?? []), { table, column, viewColumn }]);
    }
    result.set(view.oid, byTable);
  }
  return result;
}

/** The views' dependencies with column names, from the resolved origins and the base tables. */
export function viewDependencies(
  resolved: ReturnType<typeof resolveViewColumns>,
  bases: Map<number, BaseRow>,
): Map<number, ViewDependencies> {
  const result = new Map<number, ViewDependencies>();
  for (const [view, byTable] of resolved) {
    const deps: ViewDependencies = new Map();
    for (const [table, entries] of byTable) {
      const base = bases.get(table);
      if (!base) continue;
      const byColumn = new Map<string, string[]>();
      for (const e of entries) {
        const name = base.columns[String(e.column)];
        if (name) byColumn.set(name, [...(byColumn.get(name) ?? []), e.viewColumn]);
      }
      deps.set(table, byColumn);
    }
    result.set(view, deps);
  }
  return result;
}

/**
 * Every way a view can stand for a key of `table` made of `columns`: one view column per key
 * column (a view showing a column twice gives one relationship per choice); none when a key
 * column is missing from the view (no partial keys).
 */
export function keyInView(deps: ViewDependencies, table: number, columns: string[]): string[][] {
  const byColumn = deps.get(table);
  if (!byColumn) return [];
  let choices: string[][] = [[]];
  for (const column of columns) {
    const viewColumns = byColumn.get(column);
    if (!viewColumns?.length) return [];
    choices = choices.flatMap((prefix) => viewColumns.map((v) => [...prefix, v]));
  }
  return choices;
}

/** A view's primary key: the first column showing each primary key column of its base tables. */
export function viewPrimaryKey(deps: ViewDependencies, bases: Map<number, BaseRow>): string[] {
  const pk: string[] = [];
  for (const [table, byColumn] of deps) {
    const basePk = bases.get(table)?.pk ?? [];
    if (basePk.length && basePk.every((c) => byColumn.get(c)?.length)) {
      for (const c of basePk) pk.push((byColumn.get(c) as string[])[0]);
    }
  }
  return pk;
}
