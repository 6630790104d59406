import type { Reads } from '@/lib/rest';

/**
 * A read client whose requests wait until the test answers them: which tables a fetcher asks for
 * before any answer comes shows how many round trips it takes. `answers` gives each table's rows
 * (an object for a single row); a table not named answers no rows.
 */
export function heldReads(answers: Record<string, unknown>) {
  const asked: string[] = [];
  const waiting: (() => void)[] = [];
  const from = (table: string) => {
    asked.push(table);
    const answer = new Promise<{ data: unknown; error: null }>((resolve) =>
      waiting.push(() => resolve({ data: answers[table] ?? [], error: null })),
    );
    // Every filter and modifier of PostgREST's builder returns the builder; awaiting it asks.
    const builder: object = new Proxy(
      {},
      {
        get: (_target, key) =>
          key === 'then'
            ? (resolve: (value: unknown) => unknown, reject: (reason: unknown) => unknown) =>
                answer.then(resolve, reject)
            : () => builder,
      },
    );
    return builder;
  };
  return {
    client: { from, rpc: () => from('rpc') } as unknown as Reads,
    /** The tables asked for so far, in order. */
    asked: () => [...asked],
    /** Answers every request asked so far. */
    answerAll: () => waiting.splice(0).forEach((answer) => answer()),
  };
}
