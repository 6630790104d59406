import type { ServerResponse } from 'node:http';
import { CORS_HEADERS } from '../http.ts';
import type { ApiRequest } from './api-request.ts';
import type { ResultRow } from './execute.ts';
import type { CallPlan, MutatePlan, Plan, ReadPlan } from './plan.ts';
import { contentType, preferenceApplied } from './preferences.ts';

/**
 * The `Preference-Applied` header, in PostgREST's order, with what each kind of plan honours:
 * resolution on inserts, missing on inserts and updates, return on writes, max-affected on
 * updates, deletes and calls (with handling=strict), count, tx, handling and timezone on all.
 */
function applied(request: ApiRequest, plan: Plan): Record<string, string> {
  const p = request.preferences;
  const mutate = plan.kind === 'mutate' ? plan : undefined;
  const guards = (mutate && mutate.method !== 'POST') || plan.kind === 'call';
  return preferenceApplied([
    mutate?.conflict && `resolution=${mutate.conflict.resolution}`,
    mutate && mutate.method !== 'DELETE' && p.missing && `missing=${p.missing}`,
    mutate && p.representation && `return=${p.representation}`,
    p.count && `count=${p.count}`,
    plan.txApplied && `tx=${plan.txApplied}`,
    p.handling && `handling=${p.handling}`,
    p.timezone && `timezone=${p.timezone}`,
    guards && p.handling === 'strict' && p.maxAffected !== undefined && `max-affected=${p.maxAffected}`,
  ]);
}

/**
 * The HTTP answer from a plan and the row its statement returned (PostgREST's `Response`):
 * status, Content-Range, Preference-Applied, Content-Type and body.
 */

export function respond(res: ServerResponse, request: ApiRequest, plan: Plan, row: ResultRow) {
  if (plan.accepted.plan) {
    const headers = { 'Content-Type': contentType(plan.accepted), ...applied(request, plan) };
    return send(res, 200, headers, request.method === 'HEAD' ? undefined : (row.body ?? ''));
  }
  switch (plan.kind) {
    case 'read':
      return respondRead(res, request, plan, row);
    case 'mutate':
      return respondMutate(res, request, plan, row);
    case 'call':
      return respondCall(res, request, plan, row);
  }
}

/** The page's bounds and the Content-Range of a read. */
function page(plan: ReadPlan | CallPlan, row: ResultRow) {
  const pageTotal = Number(row.page_total);
  const total = row.total_result_set === null ? undefined : Number(row.total_result_set);
  const lower = plan.range.offset;
  const upper = lower + pageTotal - 1;
  const rangeText = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*';
  return { lower, upper, total, contentRange: `${rangeText}/${total === undefined ? '*' : total}` };
}

function respondRead(res: ServerResponse, request: ApiRequest, plan: ReadPlan, row: ResultRow) {
  const { lower, upper, total, contentRange } = page(plan, row);
  const canonical = request.params.canonical;
  const headers: Record<string, string> = {
    'Content-Range': contentRange,
    'Content-Location': `/${plan.name}${canonical ? `?${canonical}` : ''}`,
    'Content-Type': contentType(plan.accepted),
    ...request.profileHeader,
    ...applied(request, plan),
  };
  const status = rangeStatus(lower, upper, total);
  if (status === 416) return sendRangeNotSatisfiable(res, headers, lower, total, plan.head);
  send(res, status, headers, plan.head ? undefined : (row.body ?? ''));
}

function respondMutate(res: ServerResponse, request: ApiRequest, plan: MutatePlan, row: ResultRow) {
  const affected = Number(row.page_total);
  const full = plan.returning !== undefined;
  const countHeader = (lower: number, upper: number) => {
    const total = plan.count ? affected : undefined;
    const inRange = total !== 0 && lower <= upper;
    return `${inRange ? `${lower}-${upper}` : '*'}/${total === undefined ? '*' : total}`;
  };
  const bodyHeaders = { 'Content-Type': contentType(plan.accepted), ...request.profileHeader };
  if (plan.method === 'POST') {
    const inserted = row.response_inserted;
    const onlyMerged =
      plan.conflict?.resolution === 'merge-duplicates' &&
      inserted !== undefined &&
      inserted !== null &&
      inserted <= 0;
    const status = onlyMerged ? 200 : 201;
    const headers = {
      'Content-Range': countHeader(1, 0),
      ...applied(request, plan),
    };
    if (full) return send(res, status, { ...headers, ...bodyHeaders }, row.body ?? '');
    return send(res, status, headers, undefined);
  }
  const headers = {
    'Content-Range': plan.method === 'PATCH' ? countHeader(0, affected - 1) : countHeader(1, 0),
    ...applied(request, plan),
  };
  if (full) return send(res, 200, { ...headers, ...bodyHeaders }, row.body ?? '');
  return send(res, 204, headers, undefined);
}

function respondCall(res: ServerResponse, request: ApiRequest, plan: CallPlan, row: ResultRow) {
  const { lower, upper, total, contentRange } = page(plan, row);
  const headers: Record<string, string> = {
    'Content-Range': contentRange,
    ...applied(request, plan),
  };
  if (plan.routine.isVoid) return send(res, 204, headers, undefined);
  const status = rangeStatus(lower, upper, total);
  if (status === 416) return sendRangeNotSatisfiable(res, headers, lower, total, plan.head);
  send(
    res,
    status,
    { ...headers, 'Content-Type': contentType(plan.accepted), ...request.profileHeader },
    plan.head ? undefined : (row.body ?? ''),
  );
}

/** PostgREST's status for a page of rows: 416 past the end, 206 for part of a counted set, else 200. */
function rangeStatus(lower: number, upper: number, total: number | undefined): 200 | 206 | 416 {
  if (total === undefined) return 200;
  if (lower > total) return 416;
  return 1 + upper - lower < total ? 206 : 200;
}

function sendRangeNotSatisfiable(
  res: ServerResponse,
  headers: Record<string, string>,
  lower: number,
  total: number | undefined,
  head: boolean,
) {
  const body = JSON.stringify({
    code: 'PGRST103',
    details: `An offset of ${lower} was requested, but there are only ${total} rows.`,
    hint: null,
    message: 'Requested range not satisfiable',
  });
  send(res, 416, { ...headers, 'Content-Type': 'application/json; charset=utf-8' }, head ? undefined : body);
}

export function send(
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: string | undefined,
) {
  const length = body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(body)) };
  res.writeHead(status, { ...CORS_HEADERS, ...headers, ...length });
  res.end(body);
}
