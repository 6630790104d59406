import { utmKeys, type UtmKey } from '@/lib/attribution';

export type UtmFields = Record<UtmKey, string>;

export const emptyUtm: UtmFields = {
  utm_source: '',
  utm_medium: '',
  utm_campaign: '',
  utm_term: '',
  utm_content: '',
};

/** How a UTM value is written: trimmed, lower case, spaces as underscores, so reports group them. */
export function normaliseUtmValue(value: string): string {
  return value.trim().toLowerCase().replace(/\s+/g, '_');
}

/** The fields a campaign link needs before it is worth sharing. */
export function missingUtmFields(fields: UtmFields): UtmKey[] {
  return (['utm_source', 'utm_medium', 'utm_campaign'] as const).filter(
    (key) => !normaliseUtmValue(fields[key]),
  );
}

/**
 * A landing page URL with UTM parameters, in the order analytics tools show them. Empty fields
 * are left out; existing query parameters of the path are kept, existing UTM ones replaced.
 */
export function buildUtmUrl(origin: string, path: string, fields: UtmFields): string {
  const url = new URL(path, origin);
  for (const key of utmKeys) url.searchParams.delete(key);
  for (const key of utmKeys) {
    const value = normaliseUtmValue(fields[key]);
    if (value) url.searchParams.set(key, value);
  }
  return url.toString();
}
