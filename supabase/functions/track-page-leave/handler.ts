import { noContent, withHttp, type Handler, type Logger } from '../_shared/http.ts';
import { parsePayload, readJsonObject, z } from '../_shared/validation.ts';

/** A beacon body is small; anything larger is not a page-leave event. */
export const MAX_BODY_BYTES = 8 * 1024;

export const pageLeaveSchema = z.object({
  session_id: z
    .string({ required_error: 'is required', invalid_type_error: 'must be a string' })
    .max(100, 'must be at most 100 characters')
    .regex(/^session_\d+_[a-z0-9]+$/, 'must look like session_<timestamp>_<random>'),
  event_type: z.literal('page_leave', { errorMap: () => ({ message: "must be 'page_leave'" }) }),
  page_path: z
    .string({ required_error: 'is required', invalid_type_error: 'must be a string' })
    .max(2048, 'must be at most 2048 characters')
    .startsWith('/', "must start with '/'"),
  duration_seconds: z
    .number({ required_error: 'is required', invalid_type_error: 'must be a number' })
    .finite()
    .min(0, 'must be from 0 to 86400')
    .max(86400, 'must be from 0 to 86400')
    .transform((seconds) => Math.round(seconds)),
  device_type: z.enum(['mobile', 'tablet', 'desktop'], {
    errorMap: () => ({ message: "must be 'mobile', 'tablet' or 'desktop'" }),
  }),
});

export type PageLeave = z.output<typeof pageLeaveSchema>;

export interface PageLeaveRow extends PageLeave {
  user_agent: string | null;
}

export interface AnalyticsStore {
  insertPageLeave(row: PageLeaveRow): Promise<void>;
}

/**
 * Records a page-leave event. Sent by `navigator.sendBeacon` (a text/plain body, no headers, the
 * anon key at most in the query string) or by fetch with JSON; both bodies are parsed the same.
 */
export function createHandler(deps: { store: AnalyticsStore; logger?: Logger }): Handler {
  return withHttp(
    ['POST'],
    async (req) => {
      const event = parsePayload(pageLeaveSchema, await readJsonObject(req, MAX_BODY_BYTES));
      const userAgent = req.headers.get('user-agent');
      await deps.store.insertPageLeave({ ...event, user_agent: userAgent ? userAgent.slice(0, 512) : null });
      return noContent();
    },
    deps.logger,
  );
}
