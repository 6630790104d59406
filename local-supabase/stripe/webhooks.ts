import crypto from 'node:crypto';
import { newId, now, type Store } from './store.ts';
import type { StripeEvent } from './types.ts';

/**
 * Events and their delivery, as Stripe does it: each event is stored (GET /v1/events), then POSTed
 * as pretty-printed JSON to every endpoint that wants its type, with the header
 * `Stripe-Signature: t=<unix time>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed by the endpoint's
 * whsec_ secret>`. An endpoint that does not answer 2xx gets the event again later, with backoff.
 * Endpoints: the one configured for the stack (STRIPE_WEBHOOK_URL + STRIPE_WEBHOOK_SECRET) and any
 * created through POST /v1/webhook_endpoints.
 */
export interface WebhookOptions {
  apiVersion: string;
  /** the stack's endpoint, or undefined for none */
  defaultEndpoint?: { url: string; secret: string };
  /** delays before each retry, in ms (Stripe: hours; here: seconds) */
  retryDelaysMs?: number[];
  log?: (message: string) => void;
}

export function signPayload(payload: string, secret: string, timestamp = now()): string {
  const signature = crypto.createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

interface Target {
  url: string;
  secret: string;
}

export class Webhooks {
  private chain: Promise<void> = Promise.resolve();
  private timers = new Set<NodeJS.Timeout>();
  private stopped = false;

  constructor(
    private store: Store,
    private options: WebhookOptions,
  ) {}

  /** Records an event (its object as it is now) and queues its delivery. */
  emit(
    type: string,
    object: unknown,
    previousAttributes?: Record<string, unknown>,
    request: { id: string | null; idempotency_key: string | null } = { id: null, idempotency_key: null },
  ): StripeEvent {
    const targets = this.targetsFor(type);
    const event: StripeEvent = {
      id: newId('evt_1'),
      object: 'event',
      api_version: this.options.apiVersion,
      created: now(),
      data: {
        object: JSON.parse(JSON.stringify(object)) as unknown,
        ...(previousAttributes && Object.keys(previousAttributes).length > 0
          ? { previous_attributes: previousAttributes }
          : {}),
      },
      livemode: false,
      pending_webhooks: targets.length,
      request,
      type,
    };
    this.store.data.events[event.id] = event;
    this.store.save();
    this.chain = this.chain.then(() => this.firstAttempt(event, targets));
    return event;
  }

  /**
   * Resolves when every event queued so far has had its first delivery attempt (or after
   * `timeoutMs`): the stand-in answers an API call after that, so a screen that reloads once the
   * call returns already sees what the webhook wrote. Stripe gives no such promise.
   */
  async settle(timeoutMs = 5000): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.chain,
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      }),
    ]);
    clearTimeout(timer);
  }

  stop() {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private targetsFor(type: string): Target[] {
    const targets: Target[] = [];
    if (this.options.defaultEndpoint) targets.push(this.options.defaultEndpoint);
    for (const endpoint of Object.values(this.store.data.webhookEndpoints)) {
      if (endpoint.status !== 'enabled' || !endpoint.secret) continue;
      if (endpoint.enabled_events.includes('*') || endpoint.enabled_events.includes(type)) {
        targets.push({ url: endpoint.url, secret: endpoint.secret });
      }
    }
    return targets;
  }

  private async firstAttempt(event: StripeEvent, targets: Target[]) {
    await Promise.all(targets.map((target) => this.attempt(event, target, 0)));
  }

  private async attempt(event: StripeEvent, target: Target, retry: number): Promise<void> {
    if (this.stopped) return;
    const stored = this.store.data.events[event.id] ?? event;
    const payload = JSON.stringify(stored, null, 2);
    let outcome: string;
    try {
      const response = await fetch(target.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          Accept: '*/*; q=0.5, application/xml',
          'Cache-Control': 'no-cache',
          'Stripe-Signature': signPayload(payload, target.secret),
        },
        body: payload,
        signal: AbortSignal.timeout(10000),
      });
      await response.arrayBuffer().catch(() => undefined);
      if (response.ok) {
        stored.pending_webhooks = Math.max(0, stored.pending_webhooks - 1);
        this.store.save();
        return;
      }
      outcome = `HTTP ${response.status}`;
    } catch (error) {
      outcome = error instanceof Error ? error.message : String(error);
    }
    const delays = this.options.retryDelaysMs ?? [1000, 2000, 4000, 8000, 16000];
    if (retry >= delays.length || this.stopped) {
      this.options.log?.(`${event.type} ${event.id} to ${target.url}: ${outcome}; giving up`);
      return;
    }
    this.options.log?.(`${event.type} ${event.id} to ${target.url}: ${outcome}; retrying`);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.attempt(event, target, retry + 1);
    }, delays[retry]);
    this.timers.add(timer);
  }
}
