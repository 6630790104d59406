import type { HttpService, StackContext } from './types.ts';
import type { Mailer } from './mail.ts';
import { sendJson } from './http.ts';

// GoTrue subset: to be written.
export function createAuth(_ctx: StackContext, _mail: Mailer): HttpService {
  return {
    async handle(_req, res) {
      sendJson(res, 501, { message: 'not implemented' });
    },
  };
}
