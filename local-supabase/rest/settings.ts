import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../config.ts';

/**
 * The REST settings of `supabase/config.toml` that the local stack honours, as the Supabase CLI
 * hands them to PostgREST: `[api] max_rows` (db-max-rows; the CLI's default is 1000 when the key is
 * absent) and `[api] schemas` (db-schemas; the CLI's default is public and graphql_public).
 * PostgREST's own environment variables `PGRST_DB_SCHEMAS` and `PGRST_DB_MAX_ROWS` override them,
 * as they override PostgREST's configuration file.
 */

const CLI_DEFAULT_MAX_ROWS = 1000;
const CLI_DEFAULT_SCHEMAS = ['public', 'graphql_public'];

export const CONFIG_TOML = path.join(PROJECT_ROOT, 'supabase', 'config.toml');

/** The limits a plan applies to what it reads. */
export interface Limits {
  /** PostgREST's db-max-rows (`[api] max_rows` in config.toml) */
  maxRows?: number;
}

export interface ApiSettings extends Limits {
  schemas: string[];
}

/** The `[api]` table's entries, as raw TOML values. */
function apiEntries(toml: string): Map<string, string> {
  const entries = new Map<string, string>();
  let inApi = false;
  for (const rawLine of toml.split(/\r?\n/)) {
    const line = rawLine.replace(/\s+#.*$/, '').trim();
    if (line === '' || line.startsWith('#')) continue;
    const table = /^\[\s*([^\]]+?)\s*\]$/.exec(line);
    if (table) {
      inApi = table[1] === 'api';
      continue;
    }
    const entry = inApi ? /^([A-Za-z0-9_]+)\s*=\s*(.+)$/.exec(line) : null;
    if (entry) entries.set(entry[1], entry[2]);
  }
  return entries;
}

function parseMaxRows(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d+$/.test(value.trim())) return CLI_DEFAULT_MAX_ROWS;
  return Number(value) > 0 ? Number(value) : undefined;
}

function parseSchemas(value: string | undefined): string[] {
  const list = value && /^\[.*\]$/.test(value.trim()) ? [...value.matchAll(/"([^"]*)"|'([^']*)'/g)] : [];
  const schemas = list.map((m) => m[1] ?? m[2]).filter(Boolean);
  return schemas.length ? schemas : CLI_DEFAULT_SCHEMAS;
}

export function parseApiSettings(toml: string, env: NodeJS.ProcessEnv = {}): ApiSettings {
  const entries = apiEntries(toml);
  const envSchemas = env.PGRST_DB_SCHEMAS?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const envMaxRows = env.PGRST_DB_MAX_ROWS;
  return {
    maxRows: envMaxRows !== undefined ? parseMaxRows(envMaxRows) : parseMaxRows(entries.get('max_rows')),
    schemas: envSchemas?.length ? envSchemas : parseSchemas(entries.get('schemas')),
  };
}

export function readApiSettings(file = CONFIG_TOML, env: NodeJS.ProcessEnv = process.env): ApiSettings {
  let toml = '';
  try {
    toml = fs.readFileSync(file, 'utf8');
  } catch {
    /* no config file: the CLI's defaults */
  }
  return parseApiSettings(toml, env);
}
