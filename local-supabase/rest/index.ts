import type { IncomingMessage, ServerResponse } from 'node:http';
import pg from 'pg';
import { dbUrl } from '../config.ts';
import { HttpError } from '../http.ts';
import type { HttpService, StackContext } from '../types.ts';
import { readApiRequest, resolveRoute, type ApiRequest } from './api-request.ts';
import { authenticate, type Claims } from './authenticate.ts';
import { ApiError, apiError, respondError } from './errors.ts';
import { createExecutor } from './execute.ts';
import { openApi } from './openapi.ts';
import { createPlan, type Plan } from './plan.ts';
import { statementFor } from './query.ts';
import { respond, send } from './response.ts';
import { LISTENER_APPLICATION_NAME, SchemaCacheHolder, type SchemaCache } from './schema-cache.ts';
import { readApiSettings, type ApiSettings } from './settings.ts';

/**
 * The PostgREST subset that supabase-js (postgrest-js) speaks, answering as PostgREST 13 does.
 * A request flows one way, as in PostgREST: route and authenticate, read the ApiRequest
 * (api-request.ts), plan it against the schema cache (plan.ts), write its one SQL statement
 * (query.ts), run it as the JWT's role (execute.ts), answer (response.ts).
 */

export interface RestOptions {
  /** defaults to `[api]` of supabase/config.toml (and PGRST_DB_* from the environment) */
  settings?: ApiSettings;
}

export function createRest(ctx: StackContext, options: RestOptions = {}): HttpService {
  const settings = options.settings ?? readApiSettings();
  const schemaCache = new SchemaCacheHolder(
    ctx.adminPool,
    () => new pg.Client({ connectionString: dbUrl(ctx.config), application_name: LISTENER_APPLICATION_NAME }),
    (m) => ctx.log('rest', m),
    settings,
  );
  void schemaCache.get().catch(() => undefined);
  void schemaCache.listen();
  const execute = createExecutor(ctx.apiPool);

  const unavailable = () =>
    apiError(503, 'PGRST002', 'Could not query the database for the schema cache. Retrying.');

  /** Plans with the current cache; a name it does not know waits for announced changes once. */
  async function plan(request: ApiRequest): Promise<{ cache: SchemaCache; plan: Plan }> {
    const cache = await schemaCache.get().catch(() => Promise.reject(unavailable()));
    try {
      return { cache, plan: createPlan(request, cache) };
    } catch (error) {
      if (!(error instanceof ApiError && error.cacheMiss)) throw error;
      const settled = await schemaCache.settle().catch(() => Promise.reject(unavailable()));
      if (settled === cache) throw error;
      return { cache: settled, plan: createPlan(request, settled) };
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse, path: string, url: URL) {
    const current = await schemaCache.get().catch(() => Promise.reject(unavailable()));
    const route = resolveRoute(req, path, current.config.schemas);
    const claims: Claims = await authenticate(req, url);
    if (route.target.kind === 'openapi') {
      const cache = current;
      const body = JSON.stringify(openApi(cache, route.schema));
      return send(
        res,
        200,
        { 'Content-Type': 'application/openapi+json; charset=utf-8' },
        route.method === 'HEAD' ? undefined : body,
      );
    }
    const request = await readApiRequest(req, url, path, route);
    const planned = await plan(request);
    const statement = statementFor(planned.plan);
    const row = await execute(request, claims, statement, planned.cache, planned.cache.config.preRequest);
    respond(res, request, planned.plan, row);
  }

  return {
    async handle(req, res, path, url) {
      try {
        await handle(req, res, path, url);
      } catch (error) {
        if (res.headersSent) return void res.end();
        if (error instanceof ApiError || error instanceof HttpError) {
          return respondError(res, error, req.method === 'HEAD');
        }
        throw error;
      }
    },
    async close() {
      await schemaCache.close();
    },
  };
}
