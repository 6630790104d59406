import type { HttpService, StackContext } from './types.ts';
import { sendJson } from './http.ts';

// Edge functions runner (Deno): to be written.
export function createFunctions(_ctx: StackContext): HttpService {
  return {
    async handle(_req, res) {
      sendJson(res, 501, { message: 'not implemented' });
    },
  };
}
