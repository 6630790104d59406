import type { Billing } from './billing.ts';
import type { Params } from './form.ts';
import type { Store } from './store.ts';
import type { RequestMeta } from './types.ts';
import type { Webhooks } from './webhooks.ts';

/**
 * What every API handler is given: the types the route table (router.ts), the resources
 * (resources/*.ts) and the pages share, kept below all of them.
 */
export interface ApiContext {
  store: Store;
  billing: Billing;
  webhooks: Webhooks;
  /** where the stand-in's own pages are served (hosted checkout, invoices, portal) */
  publicUrl: string;
}

export interface ApiRequest {
  method: string;
  params: Params;
  /** the `:id` parts of the route */
  ids: string[];
  meta: RequestMeta;
  /** the request path, for a list's `url` */
  path: string;
}

export type Handler = (request: ApiRequest, context: ApiContext) => unknown;
