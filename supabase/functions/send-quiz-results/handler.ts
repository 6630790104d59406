import { consoleLogger, HttpError, json, withHttp, type Handler, type Logger } from '../_shared/http.ts';
import { NOTHING_TO_SEND, recentSince } from '../_shared/leads.ts';
import type { Mailer } from '../_shared/mailer.ts';
import { emailField, parsePayload, readJsonObject, z } from '../_shared/validation.ts';
import { PLANS, quizResultsEmail, SKILLS, type PlanId, type SkillKey } from './email.ts';

export const quizResultsPayloadSchema = z.object({
  assessmentId: z
    .string({ required_error: 'is required', invalid_type_error: 'must be a string' })
    .uuid('must be a UUID'),
  email: emailField,
});

export interface Assessment {
  id: string;
  email: string | null;
  emailConsentAt: string | null;
  scores: Record<string, unknown>;
  recommendedPlan: string;
  topFocusArea: string | null;
  childFirstName: string | null;
}

export interface AssessmentStore {
  find(id: string): Promise<Assessment | null>;
  /** Whether the results of this assessment were emailed already (an audit_logs entry). */
  wasEmailed(id: string): Promise<boolean>;
  recordEmailed(id: string): Promise<void>;
}

/**
 * Emails a parent their quiz results, once, and only to the address they attached to that
 * assessment with consent in the last minutes (public.email_me_quiz_results).
 */
export function createHandler(deps: {
  store: AssessmentStore;
  mailer: Mailer;
  siteUrl?: string;
  now?: () => Date;
  logger?: Logger;
}): Handler {
  const logger = deps.logger ?? consoleLogger;
  return withHttp(
    ['POST'],
    async (req) => {
      const payload = parsePayload(quizResultsPayloadSchema, await readJsonObject(req));
      const assessment = await deps.store.find(payload.assessmentId);
      const since = recentSince(deps.now?.());
      if (
        !assessment?.email ||
        assessment.email.toLowerCase() !== payload.email.toLowerCase() ||
        !assessment.emailConsentAt ||
        new Date(assessment.emailConsentAt) < since ||
        !(assessment.recommendedPlan in PLANS) ||
        (await deps.store.wasEmailed(assessment.id))
      ) {
        return json(202, NOTHING_TO_SEND);
      }
      const scores: Partial<Record<SkillKey, number>> = {};
      for (const [key] of SKILLS) {
        const score = assessment.scores[key];
        if (typeof score === 'number' && Number.isFinite(score)) scores[key] = Math.round(score);
      }
      const topFocusArea = SKILLS.find(([key]) => key === assessment.topFocusArea)?.[0];
      try {
        await deps.mailer.send(
          quizResultsEmail({
            to: assessment.email,
            childFirstName: assessment.childFirstName ?? undefined,
            scores,
            recommendedPlan: assessment.recommendedPlan as PlanId,
            topFocusArea,
            siteUrl: deps.siteUrl,
          }),
        );
      } catch (error) {
        logger.error('quiz results email failed:', error);
        throw new HttpError(502, 'The email could not be sent; please try again later');
      }
      await deps.store.recordEmailed(assessment.id);
      return json(200, { sent: true });
    },
    logger,
  );
}
