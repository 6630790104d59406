import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** A form resolver whose schema (and zod) load on first use, with a way to start loading early. */
export interface LazyResolver<TInput extends FieldValues, TOutput> {
  resolver: Resolver<TInput, unknown, TOutput>;
  /** Starts loading the schema (call it when the person starts on the form). */
  preload: () => void;
}

/**
 * Validation for a form in a page's HTML: zod builds its schemas when their module runs, work a
 * phone's main thread would otherwise do while the page becomes interactive. Here the schema's
 * module loads when the person first focuses the form (or, at the latest, on submit), and each
 * validation then runs through the zod resolver as usual.
 */
export function lazyZodResolver<TInput extends FieldValues, TOutput>(
  load: () => Promise<z.ZodType<TOutput, TInput>>,
): LazyResolver<TInput, TOutput> {
  let ready: Promise<Resolver<TInput, unknown, TOutput>> | undefined;
  const get = () => {
    ready ??= Promise.all([load(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) => zodResolver(schema) as Resolver<TInput, unknown, TOutput>,
    );
    // A failed load (offline) is tried again on the next validation.
    ready.catch(() => (ready = undefined));
    return ready;
  };
  return {
    resolver: async (values, context, options) => (await get())(values, context, options),
    preload: () => void get().catch(() => undefined),
  };
}
