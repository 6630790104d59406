import fs from 'node:fs';

/**
 * The per-function settings the gateway needs from `supabase/config.toml`: `verify_jwt` in each
 * `[functions.<name>]` table (the Supabase CLI's default is true). Only that subset of TOML is read.
 */
export interface FunctionSettings {
  verifyJwt: boolean;
}

export function parseFunctionSettings(toml: string): Map<string, FunctionSettings> {
  const settings = new Map<string, FunctionSettings>();
  let current: string | undefined;
  for (const rawLine of toml.split(/\r?\n/)) {
    const line = rawLine.replace(/\s+#.*$/, '').trim();
    if (line === '' || line.startsWith('#')) continue;
    const table = /^\[\s*([^\]]+?)\s*\]$/.exec(line);
    if (table) {
      const match = /^functions\.(?:"([^"]+)"|([A-Za-z0-9_-]+))$/.exec(table[1]);
      current = match ? (match[1] ?? match[2]) : undefined;
      if (current && !settings.has(current)) settings.set(current, { verifyJwt: true });
      continue;
    }
    if (!current) continue;
    const entry = /^verify_jwt\s*=\s*(true|false)$/.exec(line);
    if (entry) settings.get(current)!.verifyJwt = entry[1] === 'true';
  }
  return settings;
}

/** Reads the file again whenever it changes on disk, so an edit applies without a restart. */
export function functionSettingsReader(file: string) {
  let cached: { mtimeMs: number; settings: Map<string, FunctionSettings> } | undefined;
  return (name: string): FunctionSettings => {
    let mtimeMs = -1;
    try {
      mtimeMs = fs.statSync(file).mtimeMs;
    } catch {
      /* no config file: every function keeps the defaults */
    }
    if (!cached || cached.mtimeMs !== mtimeMs) {
      const text = mtimeMs < 0 ? '' : fs.readFileSync(file, 'utf8');
      cached = { mtimeMs, settings: parseFunctionSettings(text) };
    }
    return cached.settings.get(name) ?? { verifyJwt: true };
  };
}
