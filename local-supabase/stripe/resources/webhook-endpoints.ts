import crypto from 'node:crypto';
import { missingParam, resourceMissing } from '../errors.ts';
import { applyExpand, expandPaths } from '../expand.ts';
import {
  allowOnly,
  mergeMetadata,
  newestFirst,
  optionalArray,
  optionalBoolean,
  optionalString,
  paginate,
} from '../params.ts';
import type { ApiContext, ApiRequest } from '../api.ts';
import { newId, now } from '../store.ts';
import type { WebhookEndpoint } from '../types.ts';

function find(context: ApiContext, id: string): WebhookEndpoint {
  const endpoint = context.store.data.webhookEndpoints[id];
  if (!endpoint) throw resourceMissing('webhook endpoint', id);
  return endpoint;
}

/** Stripe shows an endpoint's signing secret only in the answer that creates it. */
function withoutSecret(endpoint: WebhookEndpoint): WebhookEndpoint {
  const { secret: _secret, ...rest } = endpoint;
  return rest;
}

export function create({ params }: ApiRequest, context: ApiContext) {
  allowOnly(params, ['url', 'enabled_events', 'description', 'metadata', 'api_version']);
  const url = optionalString(params, 'url');
  if (!url) throw missingParam('url');
  const events = optionalArray(params, 'enabled_events')?.map(String);
  if (!events || events.length === 0) throw missingParam('enabled_events');
  const id = newId('we_1');
  const endpoint: WebhookEndpoint = {
    id,
    object: 'webhook_endpoint',
    api_version: optionalString(params, 'api_version') ?? null,
    application: null,
    created: now(),
    description: optionalString(params, 'description') ?? null,
    enabled_events: events,
    livemode: false,
    metadata: mergeMetadata({}, params),
    secret: `whsec_${crypto.randomBytes(24).toString('hex')}`,
    status: 'enabled',
    url,
  };
  context.store.data.webhookEndpoints[id] = endpoint;
  context.store.save();
  return applyExpand(endpoint, expandPaths(params), context.store);
}

export function retrieve({ params, ids }: ApiRequest, context: ApiContext) {
  return applyExpand(withoutSecret(find(context, ids[0])), expandPaths(params), context.store);
}

export function update({ params, ids }: ApiRequest, context: ApiContext) {
  allowOnly(params, ['url', 'enabled_events', 'description', 'metadata', 'disabled']);
  const endpoint = find(context, ids[0]);
  endpoint.url = optionalString(params, 'url') ?? endpoint.url;
  endpoint.enabled_events = optionalArray(params, 'enabled_events')?.map(String) ?? endpoint.enabled_events;
  endpoint.description = optionalString(params, 'description') ?? endpoint.description;
  endpoint.metadata = mergeMetadata(endpoint.metadata, params);
  const disabled = optionalBoolean(params, 'disabled');
  if (disabled !== undefined) endpoint.status = disabled ? 'disabled' : 'enabled';
  context.store.save();
  return applyExpand(withoutSecret(endpoint), expandPaths(params), context.store);
}

export function del({ ids }: ApiRequest, context: ApiContext) {
  const endpoint = find(context, ids[0]);
  delete context.store.data.webhookEndpoints[endpoint.id];
  context.store.save();
  return { id: endpoint.id, object: 'webhook_endpoint', deleted: true };
}

export function list({ params, path }: ApiRequest, context: ApiContext) {
  allowOnly(params, ['limit', 'starting_after', 'ending_before']);
  const items = newestFirst(context.store.data.webhookEndpoints).map(withoutSecret);
  return applyExpand(paginate(params, items, path), expandPaths(params), context.store);
}
