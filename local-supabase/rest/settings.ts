import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../config.ts';
import type { Limits } from './plan.ts';

/**
 * The REST settings of `supabase/config.toml` that the local stack honours, as the Supabase CLI
 * hands them to PostgREST: `[api] max_rows` (PostgREST's db-max-rows; the CLI's default is 1000
 * when the key is absent). Only that key is read.
 */

const CLI_DEFAULT_MAX_ROWS = 1000;

export const CONFIG_TOML = path.join(PROJECT_ROOT, 'supabase', 'config.toml');

export function parseApiLimits(toml: string): Limits {
  let inApi = false;
  for (const rawLine of toml.split(/\r?\n/)) {
    const line = rawLine.replace(/\s+#.*$/, '').trim();
    if (line === '' || line.startsWith('#')) continue;
    const table = /^\[\s*([^\]]+?)\s*\]$/.exec(line);
    if (table) {
      inApi = table[1] === 'api';
      continue;
    }
    const entry = inApi ? /^max_rows\s*=\s*(\d+)$/.exec(line) : null;
    if (entry) return { maxRows: Number(entry[1]) > 0 ? Number(entry[1]) : undefined };
  }
  return { maxRows: CLI_DEFAULT_MAX_ROWS };
}

export function readApiLimits(file = CONFIG_TOML): Limits {
  try {
    return parseApiLimits(fs.readFileSync(file, 'utf8'));
  } catch {
    return { maxRows: CLI_DEFAULT_MAX_ROWS };
  }
}
