import type { IncomingMessage } from 'node:http';
import { apiError } from './errors.ts';

/** The `Prefer` header and the `Accept` media type, as PostgREST reads them. */

export interface Preferences {
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  representation?: 'representation' | 'minimal' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  missing?: 'default' | 'null';
  /** `tx=commit|rollback`, kept only where the database allows an override (db-tx-end) */
  tx?: 'commit' | 'rollback';
  handling?: 'strict' | 'lenient';
  timezone?: string;
  maxAffected?: number;
  /** preferences PostgREST does not know, refused with `handling=strict` (PGRST122) */
  invalid: string[];
}

const KNOWN = new Set([
  'resolution=merge-duplicates',
  'resolution=ignore-duplicates',
  'return=representation',
  'return=minimal',
  'return=headers-only',
  'count=exact',
  'count=planned',
  'count=estimated',
  'tx=commit',
  'tx=rollback',
  'missing=default',
  'missing=null',
  'handling=strict',
  'handling=lenient',
]);

/** Reads `Prefer` as PostgREST does: the first value of each kind wins, unknown ones are noted. */
export function parsePreferences(req: IncomingMessage): Preferences {
  const raw = req.headers.prefer;
  const parts = (Array.isArray(raw) ? raw.join(',') : (raw ?? ''))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const prefs: Preferences = { invalid: [] };
  for (const part of parts) {
    const [k, v = ''] = part.split('=', 2);
    if (k === 'resolution' && (v === 'merge-duplicates' || v === 'ignore-duplicates')) {
      prefs.resolution ??= v;
    } else if (k === 'return' && (v === 'representation' || v === 'minimal' || v === 'headers-only')) {
      prefs.representation ??= v;
    } else if (k === 'count' && (v === 'exact' || v === 'planned' || v === 'estimated')) {
      prefs.count ??= v;
    } else if (k === 'missing' && (v === 'default' || v === 'null')) {
      prefs.missing ??= v;
    } else if (k === 'tx' && (v === 'commit' || v === 'rollback')) {
      prefs.tx ??= v;
    } else if (k === 'handling' && (v === 'strict' || v === 'lenient')) {
      prefs.handling ??= v;
    } else if (k === 'timezone') {
      prefs.timezone ??= part.slice('timezone='.length);
    } else if (k === 'max-affected' && /^-?\d+$/.test(v)) {
      prefs.maxAffected ??= Number(v);
    }
    if (!KNOWN.has(part) && !part.startsWith('timezone=') && !part.startsWith('max-affected=')) {
      prefs.invalid.push(part);
    }
  }
  return prefs;
}

/** The `Preference-Applied` header for the preferences that were honoured. */
export function preferenceApplied(values: (string | false | undefined)[]): Record<string, string> {
  const applied = values.filter((v): v is string => Boolean(v));
  return applied.length ? { 'Preference-Applied': applied.join(', ') } : {};
}

export type Media = 'json' | 'object' | 'csv';

export interface Accepted {
  media: Media;
  stripNulls: boolean;
  /** `application/vnd.pgrst.plan`: answer the query plan of the request for `media` instead */
  plan?: PlanMedia;
}

export interface PlanMedia {
  format: 'json' | 'text';
  options: ('analyze' | 'verbose' | 'settings' | 'buffers' | 'wal')[];
}

const PLAN_OPTIONS = ['analyze', 'verbose', 'settings', 'buffers', 'wal'] as const;

/** The `for` media type of a plan request: what the request would answer without the plan. */
function forMedia(value: string | undefined): Accepted | undefined {
  const type = (value ?? 'application/json').replace(/^"|"$/g, '').split(';')[0].trim().toLowerCase();
  if (type === 'application/json' || type === '*/*' || type === 'application/vnd.pgrst.array+json') {
    return { media: 'json', stripNulls: false };
  }
  if (type === 'application/vnd.pgrst.object+json' || type === 'application/vnd.pgrst.object') {
    return { media: 'object', stripNulls: false };
  }
  if (type === 'text/csv') return { media: 'csv', stripNulls: false };
  return undefined;
}

/** Splits `type; a=b; c="d;e"` into its type and parameters (quoted values may hold `;`). */
function splitMediaRange(part: string): { type: string; params: Map<string, string> } {
  const tokens = part.match(/(?:[^;"]+|"[^"]*")+/g) ?? [];
  const [type = '', ...rest] = tokens.map((t) => t.trim());
  const params = new Map<string, string>();
  for (const token of rest) {
    const eq = token.indexOf('=');
    if (eq > 0) params.set(token.slice(0, eq).trim().toLowerCase(), token.slice(eq + 1).trim());
  }
  return { type: type.toLowerCase(), params };
}

export function negotiate(req: IncomingMessage): Accepted {
  const header = req.headers.accept;
  if (!header) return { media: 'json', stripNulls: false };
  const entries = (header.match(/(?:[^,"]+|"[^"]*")+/g) ?? [])
    .map((part, index) => {
      const { type, params } = splitMediaRange(part);
      const q = params.get('q');
      return {
        type,
        params,
        strip: params.get('nulls')?.toLowerCase() === 'stripped',
        q: q ? Number(q) : 1,
        index,
      };
    })
    .filter((e) => e.type && e.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const e of entries) {
    const strip = e.strip;
    if (e.type === 'application/json' || e.type === '*/*') return { media: 'json', stripNulls: false };
    if (e.type === 'application/vnd.pgrst.object+json' || e.type === 'application/vnd.pgrst.object') {
      return { media: 'object', stripNulls: strip };
    }
    if (e.type === 'application/vnd.pgrst.array+json' || e.type === 'application/vnd.pgrst.array') {
      return { media: 'json', stripNulls: strip };
    }
    if (e.type === 'text/csv') return { media: 'csv', stripNulls: false };
    if (/^application\/vnd\.pgrst\.plan(\+json|\+text)?$/.test(e.type)) {
      const inner = forMedia(e.params.get('for'));
      if (!inner) continue;
      const options = (e.params.get('options') ?? '')
        .split('|')
        .map((o) => o.trim().toLowerCase())
        .filter((o): o is PlanMedia['options'][number] => (PLAN_OPTIONS as readonly string[]).includes(o));
      return { ...inner, plan: { format: e.type.endsWith('+json') ? 'json' : 'text', options } };
    }
  }
  throw apiError(
    406,
    'PGRST107',
    `None of these media types are available: ${entries.map((e) => e.type).join(', ')}`,
  );
}

export const contentType = (a: Accepted): string =>
  a.plan
    ? `application/vnd.pgrst.plan+${a.plan.format}; for="${contentType({ ...a, plan: undefined }).split(';')[0]}"${
        a.plan.options.length ? `; options=${a.plan.options.join('|')}` : ''
      }; charset=utf-8`
    : a.media === 'object'
      ? `application/vnd.pgrst.object+json${a.stripNulls ? ';nulls=stripped' : ''}; charset=utf-8`
      : a.media === 'csv'
        ? 'text/csv; charset=utf-8'
        : a.stripNulls
          ? 'application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8'
          : 'application/json; charset=utf-8';
