import { startStack, StackAlreadyRunning, type RunningStack } from './stack.ts';

/**
 * `npm run stack`: the local stack alone, in the foreground, until Ctrl-C.
 * Also used by `npm start` and the test runner through `runStackUntilSignal`.
 */
export function printStack(stack: RunningStack) {
  const { urls, keys, functions } = stack;
  console.log(
    [
      `Local Supabase stack ready in ${(stack.startedInMs / 1000).toFixed(1)} s`,
      `  API            ${urls.api}`,
      `  Database       ${urls.db}`,
      `  Inbox (mail)   ${urls.inbox}`,
      `  Stripe (local) ${urls.stripe}  (test cards: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined)`,
      `  anon key       ${keys.anon}`,
      `  service_role   ${keys.serviceRole}`,
      functions.ok
        ? `  Functions      ${urls.api}/functions/v1/<name>`
        : `  Functions      NOT READY: their npm packages could not be fetched (see the log above)`,
    ].join('\n'),
  );
}

export async function runStackUntilSignal(
  onReady?: (stack: RunningStack) => Promise<() => Promise<void>> | void,
) {
  let stack: RunningStack;
  try {
    stack = await startStack();
  } catch (error) {
    if (error instanceof StackAlreadyRunning) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  let extraStop: (() => Promise<void>) | undefined;
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    await extraStop?.().catch(() => {});
    await stack.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  process.on('SIGHUP', () => void shutdown(0));
  // Every part handles its own failures (a lost database connection, a dying function); an error
  // that still gets here is a defect, and the stack stops rather than run in an unknown state.
  process.on('uncaughtException', (error) => {
    console.error('[stack] unexpected error, stopping:', error);
    void shutdown(1);
  });
  const result = await onReady?.(stack);
  if (result) extraStop = result;
  return { stack, shutdown };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { stack } = await runStackUntilSignal();
  printStack(stack);
  console.log('Press Ctrl-C to stop.');
}
