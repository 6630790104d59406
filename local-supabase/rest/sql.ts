/** Quoting of names and binding of values: every identifier quoted, every value a parameter. */

export class Params {
  values: string[] = [];
  bind(value: string): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export function ident(name: string): string {
  const cut = name.indexOf('\0');
  const clean = cut >= 0 ? name.slice(0, cut) : name;
  return `"${clean.replace(/"/g, '""')}"`;
}

export const qualified = (schema: string, name: string) => `${ident(schema)}.${ident(name)}`;

/** A SQL string literal of a name that comes from the catalog (column names). */
export function literal(s: string): string {
  const cut = s.indexOf('\0');
  const clean = cut >= 0 ? s.slice(0, cut) : s;
  const escaped = `'${clean.replace(/'/g, "''")}'`;
  return clean.includes('\\') ? `E${escaped.replace(/\\/g, '\\\\')}` : escaped;
}
