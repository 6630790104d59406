/**
 * zod builds a faster parser for each object schema with `new Function`, after probing once whether
 * the page may: under the site's Content Security Policy (no 'unsafe-eval', decision 228) the probe
 * is refused and reported as a violation, though zod parses just as correctly without it. Told
 * `jitless`, it never probes. Set on the object zod keeps its settings in (on globalThis, so that
 * every copy of zod shares it) rather than through `z.config`, so the entry, which runs this first
 * (src/main.tsx), carries no zod code: zod still loads only with a form.
 */
type ZodGlobalConfig = { jitless?: boolean };
const holder = globalThis as { __zod_globalConfig?: ZodGlobalConfig };
(holder.__zod_globalConfig ??= {}).jitless = true;
