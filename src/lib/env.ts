/**
 * The site's environment, read and checked once. Hand-checked rather than with a schema library:
 * this module is in the first-load bundle of every page.
 */
function readEnv() {
  const problems: string[] = [];
  const url = import.meta.env.VITE_SUPABASE_URL;
  const anonKey = import.meta.env.VITE_SUPABASE_ANON_KEY;
  if (!url || !/^https?:\/\/[^\s/]+/.test(url))
    problems.push('VITE_SUPABASE_URL must be the Supabase API URL');
  if (!anonKey) problems.push('VITE_SUPABASE_ANON_KEY must be the anon key');
  if (problems.length) {
    throw new Error(`Missing or invalid environment: ${problems.join('; ')}. Copy .env.example to .env.`);
  }
  return { supabaseUrl: url.replace(/\/+$/, ''), supabaseAnonKey: anonKey };
}

export const env = readEnv();
