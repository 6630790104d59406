import type { IncomingMessage } from 'node:http';
import { apiError } from './errors.ts';

/** The `Prefer` header and the `Accept` media type, as PostgREST reads them. */

export interface Preferences {
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  representation?: 'representation' | 'minimal' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  missing?: 'default' | 'null';
}

export function parsePreferences(req: IncomingMessage): Preferences {
  const raw = req.headers.prefer;
  const parts = (Array.isArray(raw) ? raw.join(',') : (raw ?? ''))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const prefs: Preferences = {};
  for (const part of parts) {
    const [k, v] = part.split('=', 2);
    if (k === 'resolution' && (v === 'merge-duplicates' || v === 'ignore-duplicates')) {
      prefs.resolution ??= v;
    } else if (k === 'return' && (v === 'representation' || v === 'minimal' || v === 'headers-only')) {
      prefs.representation ??= v;
    } else if (k === 'count' && (v === 'exact' || v === 'planned' || v === 'estimated')) {
      prefs.count ??= v;
    } else if (k === 'missing' && (v === 'default' || v === 'null')) {
      prefs.missing ??= v;
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
}

export function negotiate(req: IncomingMessage): Accepted {
  const header = req.headers.accept;
  if (!header) return { media: 'json', stripNulls: false };
  const entries = header
    .split(',')
    .map((part, index) => {
      const [type, ...params] = part.split(';').map((s) => s.trim());
      const q = params.find((p) => p.startsWith('q='));
      return {
        type: type.toLowerCase(),
        params: params.map((p) => p.toLowerCase().replace(/\s+/g, '')),
        q: q ? Number(q.slice(2)) : 1,
        index,
      };
    })
    .filter((e) => e.type && e.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const e of entries) {
    const strip = e.params.includes('nulls=stripped');
    if (e.type === 'application/json' || e.type === '*/*') return { media: 'json', stripNulls: false };
    if (e.type === 'application/vnd.pgrst.object+json' || e.type === 'application/vnd.pgrst.object') {
      return { media: 'object', stripNulls: strip };
    }
    if (e.type === 'application/vnd.pgrst.array+json' || e.type === 'application/vnd.pgrst.array') {
      return { media: 'json', stripNulls: strip };
    }
    if (e.type === 'text/csv') return { media: 'csv', stripNulls: false };
  }
  throw apiError(
    406,
    'PGRST107',
    `None of these media types are available: ${entries.map((e) => e.type).join(', ')}`,
  );
}

export const contentType = (a: Accepted) =>
  a.media === 'object'
    ? `application/vnd.pgrst.object+json${a.stripNulls ? ';nulls=stripped' : ''}; charset=utf-8`
    : a.media === 'csv'
      ? 'text/csv; charset=utf-8'
      : a.stripNulls
        ? 'application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8'
        : 'application/json; charset=utf-8';
