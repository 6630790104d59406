import { z } from 'zod';

const schema = z.object({
  VITE_SUPABASE_URL: z.url({ message: 'VITE_SUPABASE_URL must be the Supabase API URL' }),
  VITE_SUPABASE_ANON_KEY: z.string().min(1, 'VITE_SUPABASE_ANON_KEY must be the anon key'),
});

function readEnv() {
  const parsed = schema.safeParse(import.meta.env);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Missing or invalid environment: ${detail}. Copy .env.example to .env.`);
  }
  return { supabaseUrl: parsed.data.VITE_SUPABASE_URL, supabaseAnonKey: parsed.data.VITE_SUPABASE_ANON_KEY };
}

export const env = readEnv();
