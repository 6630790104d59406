import pg from 'pg';
import type { ApiRequest } from './api-request.ts';
import { ANON_ROLE, type Claims } from './authenticate.ts';
import { ApiError, apiError, fromPgError, isPgError } from './errors.ts';
import type { Statement } from './query.ts';

/**
 * Runs a request's statement as PostgREST does: in one transaction on the `authenticator` pool,
 * as the JWT's role with `request.jwt.claims`, `request.method`, `request.path`, `request.headers`
 * and `request.cookies` set, so row level security decides every row.
 */

export interface ResultRow {
  total_result_set: string | null;
  page_total: string;
  body: string | null;
  response_inserted?: number | null;
}

const SEARCH_PATH = '"public", "extensions"';

const LOCALS_SQL =
  "select set_config('search_path', $1, true), set_config('role', $2, true), " +
  "set_config('request.jwt.claims', $3, true), set_config('request.method', $4, true), " +
  "set_config('request.path', $5, true), set_config('request.headers', $6, true), " +
  "set_config('request.cookies', $7, true)";

/** The request settings as one statement that returns no row (every set_config still runs). */
const PIPELINED_LOCALS_SQL =
  "select where (set_config('search_path', $1, true) || set_config('role', $2, true) || " +
  "set_config('request.jwt.claims', $3, true) || set_config('request.method', $4, true) || " +
  "set_config('request.path', $5, true) || set_config('request.headers', $6, true) || " +
  "set_config('request.cookies', $7, true) || set_config('transaction_read_only', $8, true)) is null";

const LOCALS_STATEMENT = 'pgrst_locals_pipelined';

/** Statement shapes kept prepared per schema cache; rarer shapes beyond it run unnamed. */
const MAX_NAMED_STATEMENTS = 300;

interface WireConnection {
  parse(config: { text: string; name?: string; types?: unknown[] }): void;
  bind(config: { portal: string; statement: string; values: unknown[] }): void;
  execute(config: { portal: string; rows: number }): void;
}

type QueryCallback = (error: Error | undefined, result: pg.QueryResult | pg.QueryResult[]) => void;

const BaseQuery = pg.Query as unknown as new (config: {
  text: string;
  values: string[];
  name?: string;
  queryMode: 'extended';
  callback: QueryCallback;
}) => { prepare(connection: WireConnection): void };

/**
 * The request's settings and its statement sent together, before one Sync: Postgres runs both in
 * one implicit transaction (the settings are local to it), so a request costs one round trip
 * instead of four (BEGIN, settings, statement, COMMIT). On an error Postgres rolls it all back.
 */
class PipelinedQuery extends BaseQuery {
  constructor(
    private locals: string[],
    statement: { text: string; values: string[]; name?: string },
    callback: QueryCallback,
  ) {
    super({
      text: statement.text,
      values: statement.values,
      name: statement.name,
      queryMode: 'extended',
      callback,
    });
  }

  prepare(connection: WireConnection) {
    // The settings statement was prepared on this connection beforehand (see `preparedLocals`):
    // a ParseComplete here would be booked against the main statement's name.
    connection.bind({ portal: '', statement: LOCALS_STATEMENT, values: this.locals });
    connection.execute({ portal: '', rows: 0 });
    super.prepare(connection);
  }
}

const EMPTY_RESULT: ResultRow = { total_result_set: null, page_total: '0', body: null };

export function createExecutor(pool: pg.Pool) {
  /** Pooled connections on which LOCALS_STATEMENT is prepared. */
  const preparedLocals = new WeakSet<pg.PoolClient>();

  // Named (prepared) statements per SQL text, renewed with each schema cache.
  let statementNames = new Map<string, string>();
  let namesFor: object | undefined;
  let nameCounter = 0;
  const statementName = (generation: object, text: string): string | undefined => {
    if (namesFor !== generation) {
      statementNames = new Map();
      namesFor = generation;
    }
    const known = statementNames.get(text);
    if (known) return known;
    if (statementNames.size >= MAX_NAMED_STATEMENTS) return undefined;
    nameCounter += 1;
    const name = `pgrst_${nameCounter}`;
    statementNames.set(text, name);
    return name;
  };

  /** The statement and the settings in one round trip; nothing to roll back by hand. */
  async function runPipelined(
    client: pg.PoolClient,
    locals: string[],
    statement: Statement,
    name: string | undefined,
  ): Promise<ResultRow> {
    if (!preparedLocals.has(client)) {
      // Prepares (and runs, to no lasting effect outside a transaction) the settings statement.
      await client.query({ name: LOCALS_STATEMENT, text: PIPELINED_LOCALS_SQL, values: [...locals, 'off'] });
      preparedLocals.add(client);
    }
    const row = await new Promise<ResultRow | undefined>((resolve, reject) => {
      const query = new PipelinedQuery(
        [...locals, statement.readOnly ? 'on' : 'off'],
        { text: statement.text, values: statement.values, name },
        (error, result) => {
          if (error) return reject(error);
          const results = Array.isArray(result) ? result : [result];
          resolve(results[results.length - 1]?.rows[0] as ResultRow | undefined);
        },
      );
      client.query(query as unknown as pg.Submittable);
    });
    const result = row ?? EMPTY_RESULT;
    // A read (or a write answering an array) has nothing to undo when it is not singular.
    failNotSingular(statement, result);
    return result;
  }

  /** An explicit transaction, for a write that must be undone when its answer is not singular. */
  async function runInTransaction(
    client: pg.PoolClient,
    locals: string[],
    statement: Statement,
    name: string | undefined,
    markBroken: () => void,
  ): Promise<ResultRow> {
    await client.query(
      statement.readOnly
        ? 'BEGIN ISOLATION LEVEL READ COMMITTED READ ONLY'
        : 'BEGIN ISOLATION LEVEL READ COMMITTED READ WRITE',
    );
    try {
      await client.query({ name: 'pgrst_locals', text: LOCALS_SQL, values: locals });
      const result = await client.query<ResultRow>({ name, text: statement.text, values: statement.values });
      const row = result.rows[0] ?? EMPTY_RESULT;
      failNotSingular(statement, row);
      await client.query('COMMIT');
      return row;
    } catch (error) {
      await client.query('ROLLBACK').catch(markBroken);
      throw error;
    }
  }

  /**
   * Runs one statement for a request. `generation` identifies the schema cache the statement was
   * planned with: prepared statement names are renewed when it changes.
   */
  return async function execute(
    request: ApiRequest,
    claims: Claims,
    statement: Statement,
    generation: object,
  ): Promise<ResultRow> {
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      throw apiError(
        503,
        'PGRST000',
        'Database connection error. Retrying the connection.',
        String((error as Error).message),
      );
    }
    const locals = [
      SEARCH_PATH,
      claims.role,
      JSON.stringify(claims),
      request.method,
      request.path,
      JSON.stringify(request.headers),
      JSON.stringify(request.cookies),
    ];
    const name = statementName(generation, statement.text);
    const pipelined = statement.readOnly || !statement.singular;
    let broken = false;
    try {
      return pipelined
        ? await runPipelined(client, locals, statement, name)
        : await runInTransaction(client, locals, statement, name, () => (broken = true));
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (isPgError(error)) throw fromPgError(error, claims.role !== ANON_ROLE);
      broken = true;
      throw apiError(
        503,
        'PGRST001',
        'Database client error. Retrying the connection.',
        (error as Error).message,
      );
    } finally {
      client.release(broken);
    }
  };
}

/** `Accept: application/vnd.pgrst.object+json` needs exactly one row (PGRST116 otherwise). */
function failNotSingular(statement: Statement, row: ResultRow) {
  const n = Number(row.page_total);
  if (statement.singular && n !== 1) {
    throw apiError(
      406,
      'PGRST116',
      'Cannot coerce the result to a single JSON object',
      `The result contains ${n} rows`,
    );
  }
}
