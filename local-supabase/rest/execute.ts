import pg from 'pg';
import type { ApiRequest } from './api-request.ts';
import { ANON_ROLE, type Claims } from './authenticate.ts';
import { ApiError, apiError, fromPgError, isPgError } from './errors.ts';
import type { Statement } from './query.ts';
import { ident } from './sql.ts';

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

/** db-extra-search-path (`[api] extra_search_path`), after the request's schema as PostgREST sets it. */
const EXTRA_SEARCH_PATH = ['public', 'extensions'];
const searchPath = (schema: string) => [schema, ...EXTRA_SEARCH_PATH].map(ident).join(', ');

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

/**
 * An explicit transaction, for a statement whose outcome is decided after it ran: a write undone
 * when its answer is not singular or affected more rows than `max-affected` allows, a request
 * that ends in ROLLBACK (`Prefer: tx=rollback`), a count that needs the planner's estimate.
 */
async function runInTransaction(
  client: pg.PoolClient,
  locals: string[],
  statement: Statement,
  name: string | undefined,
  markBroken: () => void,
  preRequest: string | undefined,
): Promise<ResultRow> {
  await client.query(
    statement.readOnly
      ? 'BEGIN ISOLATION LEVEL READ COMMITTED READ ONLY'
      : 'BEGIN ISOLATION LEVEL READ COMMITTED READ WRITE',
  );
  try {
    await client.query({ name: 'pgrst_locals', text: LOCALS_SQL, values: locals });
    if (preRequest) await client.query(`select ${preRequest}()`);
    const result = await client.query<ResultRow>({ name, text: statement.text, values: statement.values });
    const row = statement.explainPlan
      ? planResult(statement.explainPlan, result)
      : (result.rows[0] ?? EMPTY_RESULT);
    failNotSingular(statement, row);
    failExceedsMaxAffected(statement, row);
    if (statement.rollback) {
      // Deferred constraints are checked before the rollback, so the answer tells of their errors.
      await client.query('SET CONSTRAINTS ALL IMMEDIATE');
    }
    const total = statement.explainCount
      ? await estimatedTotal(client, statement, row)
      : row.total_result_set;
    await client.query(statement.rollback ? 'ROLLBACK' : 'COMMIT');
    return { ...row, total_result_set: total };
  } catch (error) {
    await client.query('ROLLBACK').catch(markBroken);
    throw error;
  }
}

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
    // Only reads come here with a check left: they have nothing to undo.
    failNotSingular(statement, result);
    failExceedsMaxAffected(statement, result);
    return result;
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
    preRequest?: string,
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
      searchPath(request.schema),
      claims.role,
      JSON.stringify(claims),
      request.method,
      request.path,
      JSON.stringify(request.headers),
      JSON.stringify(request.cookies),
    ];
    const name = statementName(generation, statement.text);
    const decidedAfter =
      statement.explainPlan !== undefined ||
      statement.singular ||
      statement.rollback ||
      statement.maxAffected !== undefined ||
      statement.explainCount !== undefined;
    // db-pre-request runs between the settings and the statement, so those requests take the
    // explicit transaction (an extra round trip or two) instead of the pipelined one.
    const pipelined =
      preRequest === undefined &&
      (!decidedAfter ||
        (statement.readOnly && !statement.rollback && !statement.explainCount && !statement.explainPlan));
    let broken = false;
    try {
      return pipelined
        ? await runPipelined(client, locals, statement, name)
        : await runInTransaction(client, locals, statement, name, () => (broken = true), preRequest);
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

/** The output of EXPLAIN as the answer's body: the JSON document, or the text's lines. */
function planResult(format: 'json' | 'text', result: pg.QueryResult): ResultRow {
  const values = result.rows.map((r: Record<string, unknown>) => r['QUERY PLAN']);
  const body =
    format === 'json'
      ? typeof values[0] === 'string'
        ? values[0]
        : JSON.stringify(values[0])
      : values.map(String).join('\n');
  return { total_result_set: null, page_total: '0', body };
}

/** `Prefer: handling=strict, max-affected=N`: more rows than N undo the statement (PGRST124). */
function failExceedsMaxAffected(statement: Statement, row: ResultRow) {
  const n = Number(row.page_total);
  if (statement.maxAffected !== undefined && n > statement.maxAffected) {
    throw apiError(
      400,
      'PGRST124',
      'Query result exceeds max-affected preference constraint',
      `The query affects ${n} rows`,
    );
  }
}

/**
 * `count=planned`: the planner's row estimate of the count query; `count=estimated`: the exact
 * count, unless it passed db-max-rows, then the larger of it and the estimate.
 */
async function estimatedTotal(client: pg.PoolClient, statement: Statement, row: ResultRow) {
  const explain = statement.explainCount;
  if (!explain) return row.total_result_set;
  const result = await client.query<{ 'QUERY PLAN': unknown }>({
    text: explain.text,
    values: explain.values,
  });
  const raw = result.rows[0]?.['QUERY PLAN'];
  const planJson = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: { 'Plan Rows'?: number } }[];
  const planned = planJson[0]?.Plan?.['Plan Rows'];
  const plannedText = planned === undefined ? null : String(Math.round(planned));
  if (explain.kind === 'planned') return plannedText;
  const exact = row.total_result_set === null ? null : Number(row.total_result_set);
  if (exact !== null && explain.maxRows !== undefined && exact > explain.maxRows && planned !== undefined) {
    return String(Math.max(exact, Math.round(planned)));
  }
  return row.total_result_set;
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
