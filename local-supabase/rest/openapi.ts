import type { SchemaCache } from './schema-cache.ts';

/** A small OpenAPI description of the exposed schema (what GET /rest/v1/ answers). */
export function openApi(cache: SchemaCache, schema: string) {
  const paths: Record<string, unknown> = { '/': { get: { produces: ['application/openapi+json'] } } };
  const definitions: Record<string, unknown> = {};
  for (const t of cache.tables.values()) {
    if (t.schema !== schema) continue;
    paths[`/${t.name}`] = { get: {}, ...(t.isView ? {} : { post: {}, patch: {}, delete: {} }) };
    definitions[t.name] = {
      type: 'object',
      required: [...t.columns.values()].filter((c) => !c.nullable && c.default === null).map((c) => c.name),
      properties: Object.fromEntries([...t.columns.values()].map((c) => [c.name, { format: c.type }])),
    };
  }
  for (const [key, routines] of cache.routines) {
    if (!key.startsWith(`${schema}.`)) continue;
    paths[`/rpc/${routines[0].name}`] = { post: {} };
  }
  return {
    swagger: '2.0',
    info: { title: 'PostgREST API', description: 'Local stand-in for the Supabase REST API', version: '13' },
    host: '',
    basePath: '/',
    schemes: ['http'],
    consumes: ['application/json'],
    produces: ['application/json'],
    paths,
    definitions,
  };
}
