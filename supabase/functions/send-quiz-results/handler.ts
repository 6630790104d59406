import { mailingHandler, type MailingDeps } from '../_shared/claim.ts';
import type { Handler } from '../_shared/http.ts';
import { emailField, z } from '../_shared/validation.ts';
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
export function createHandler(deps: MailingDeps & { store: AssessmentStore; siteUrl?: string }): Handler {
  return mailingHandler('send-quiz-results', quizResultsPayloadSchema, deps, (payload) => ({
    recipient: payload.email,
    // Not a claim that marks the row: the send is recorded once it went out.
    claim: async (since) => {
      const assessment = await deps.store.find(payload.assessmentId);
      if (
        !assessment?.email ||
        assessment.email.toLowerCase() !== payload.email.toLowerCase() ||
        !assessment.emailConsentAt ||
        new Date(assessment.emailConsentAt) < since ||
        !(assessment.recommendedPlan in PLANS) ||
        (await deps.store.wasEmailed(assessment.id))
      ) {
        return [];
      }
      return [{ ...assessment, email: assessment.email }];
    },
    emails([assessment]) {
      const scores: Partial<Record<SkillKey, number>> = {};
      for (const [key] of SKILLS) {
        const score = assessment.scores[key];
        if (typeof score === 'number' && Number.isFinite(score)) scores[key] = Math.round(score);
      }
      const topFocusArea = SKILLS.find(([key]) => key === assessment.topFocusArea)?.[0];
      const message = quizResultsEmail({
        to: assessment.email,
        childFirstName: assessment.childFirstName ?? undefined,
        scores,
        recommendedPlan: assessment.recommendedPlan as PlanId,
        topFocusArea,
        siteUrl: deps.siteUrl,
      });
      return [{ message, failure: 'quiz results email failed:' }];
    },
    afterSent: ([assessment]) => deps.store.recordEmailed(assessment.id),
  }));
}
