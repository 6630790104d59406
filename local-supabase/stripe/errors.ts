/**
 * Stripe's error answer: `{error: {type, code, message, param, ...}}` with the HTTP status Stripe
 * uses for it (400 invalid request, 401 authentication, 402 card errors, 404 missing resource).
 */
export type StripeErrorType = 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error';

export interface StripeErrorBody {
  type: StripeErrorType;
  message: string;
  code?: string;
  param?: string;
  decline_code?: string;
  doc_url?: string;
}

export class StripeError extends Error {
  constructor(
    public status: number,
    public body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

const docUrl = (code: string) => `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}`;

export function invalidRequest(message: string, param?: string, code?: string): StripeError {
  return new StripeError(400, {
    type: 'invalid_request_error',
    message,
    ...(code ? { code, doc_url: docUrl(code) } : {}),
    ...(param ? { param } : {}),
  });
}

export function resourceMissing(kind: string, id: string, param = 'id'): StripeError {
  return new StripeError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    doc_url: docUrl('resource_missing'),
    message: `No such ${kind}: '${id}'`,
    param,
  });
}

export function missingParam(param: string): StripeError {
  return invalidRequest(`Missing required param: ${param}.`, param, 'parameter_missing');
}

export function unknownParam(param: string): StripeError {
  return invalidRequest(`Received unknown parameter: ${param}`, param, 'parameter_unknown');
}

export interface Decline {
  code: string;
  decline_code?: string;
  message: string;
}

export function cardError(decline: Decline, param?: string): StripeError {
  return new StripeError(402, {
    type: 'card_error',
    code: decline.code,
    ...(decline.decline_code ? { decline_code: decline.decline_code } : {}),
    doc_url: docUrl(decline.code),
    message: decline.message,
    ...(param ? { param } : {}),
  });
}
