import { corsHeaders, preflight } from './cors.ts';

/** An error with the status and reason the caller should see: `{ error: reason }`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json; charset=utf-8', ...headers },
  });
}

export function noContent(): Response {
  return new Response(null, { status: 204, headers: corsHeaders });
}

export type Handler = (req: Request) => Promise<Response>;

export interface Logger {
  error(message: string, error?: unknown): void;
}

export const consoleLogger: Logger = {
  error(message, error) {
    console.error(message, error instanceof Error ? (error.stack ?? error.message) : (error ?? ''));
  },
};

/**
 * What every function does around its own work: answers the preflight, refuses other methods
 * (405), turns an HttpError into `{ error }` with its status, and anything unexpected into a 500
 * that names no internals. CORS headers are on every answer.
 */
export function withHttp(
  methods: readonly string[],
  handler: Handler,
  logger: Logger = consoleLogger,
): Handler {
  const allow = [...methods, 'OPTIONS'].join(', ');
  return async (req) => {
    if (req.method === 'OPTIONS') return preflight();
    if (!methods.includes(req.method)) {
      return json(405, { error: `Method ${req.method} not allowed` }, { Allow: allow });
    }
    try {
      return await handler(req);
    } catch (error) {
      if (error instanceof HttpError) return json(error.status, { error: error.message }, error.headers);
      logger.error(`${req.method} ${new URL(req.url).pathname} failed:`, error);
      return json(500, { error: 'Internal error' });
    }
  };
}
