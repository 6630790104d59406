import type { HttpService, StackContext } from './types.ts';
import { sendJson } from './http.ts';

// PostgREST subset: to be written.
export function createRest(_ctx: StackContext): HttpService {
  return {
    async handle(_req, res) {
      sendJson(res, 501, { message: 'not implemented' });
    },
  };
}
