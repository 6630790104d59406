import { vi } from 'vitest';

export interface FakeResponse {
  error: { code?: string; message: string; details?: string } | null;
}

/** A stand-in for the supabase-js client: records inserts and function calls, answers as told. */
export function createFakeSupabase() {
  const inserts: { table: string; row: Record<string, unknown> }[] = [];
  const invokes: { name: string; body: unknown }[] = [];
  let nextInsert: () => Promise<FakeResponse> = async () => ({ error: null });
  const client = {
    from: (table: string) => ({
      insert: vi.fn((row: Record<string, unknown>) => {
        inserts.push({ table, row });
        return nextInsert();
      }),
    }),
    functions: {
      invoke: vi.fn(
        async (name: string, options: { body: unknown }): Promise<{ data: unknown; error: null }> => {
          invokes.push({ name, body: options.body });
          return { data: null, error: null };
        },
      ),
    },
  };
  return {
    client,
    inserts,
    invokes,
    /** How the following inserts answer. */
    answerInserts(answer: () => Promise<FakeResponse>) {
      nextInsert = answer;
    },
  };
}
