import { afterEach, expect, it } from 'vitest';

/**
 * Under the site's Content Security Policy a `new Function` is refused and reported as a violation
 * (decision 228): once the entry's first module has run, zod builds and parses without trying one.
 */
const original = globalThis.Function;
afterEach(() => {
  globalThis.Function = original;
});

it('zod parses forms without constructing a function once the entry has set it jitless', async () => {
  const constructed: unknown[][] = [];
  globalThis.Function = new Proxy(original, {
    construct(target, args: unknown[]) {
      constructed.push(args);
      return Reflect.construct(target, args) as object;
    },
  });
  await import('../zod-config');
  const { z } = await import('zod');
  const schema = z.object({ email: z.string().min(3), children: z.array(z.object({ name: z.string() })) });
  expect(schema.parse({ email: 'a@b.c', children: [{ name: 'Mia' }] })).toEqual({
    email: 'a@b.c',
    children: [{ name: 'Mia' }],
  });
  expect(schema.safeParse({ email: 'a', children: [] }).success).toBe(false);
  expect(constructed).toEqual([]);
  expect(z.config().jitless).toBe(true);
});
