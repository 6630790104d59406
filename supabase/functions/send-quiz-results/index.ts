import { mailerFromEnv } from '../_shared/mailer.ts';
import { check, serviceClient, serviceMailCaps } from '../_shared/supabase.ts';
import { createHandler, type AssessmentStore } from './handler.ts';

const EMAILED = 'QUIZ_RESULTS_EMAILED';

const store: AssessmentStore = {
  async find(id) {
    const row = check(
      await serviceClient()
        .from('quiz_assessments')
        .select('id, email, email_consent_at, scores, recommended_plan, top_focus_area, child_first_name')
        .eq('id', id)
        .maybeSingle(),
    );
    return row
      ? {
          id: row.id,
          email: row.email,
          emailConsentAt: row.email_consent_at,
          scores: (row.scores ?? {}) as Record<string, unknown>,
          recommendedPlan: row.recommended_plan,
          topFocusArea: row.top_focus_area,
          childFirstName: row.child_first_name,
        }
      : null;
  },
  async wasEmailed(id) {
    const rows = check(
      await serviceClient()
        .from('audit_logs')
        .select('id')
        .eq('action', EMAILED)
        .eq('entity_type', 'quiz_assessment')
        .eq('entity_id', id)
        .limit(1),
    );
    return (rows ?? []).length > 0;
  },
  async recordEmailed(id) {
    check(
      await serviceClient()
        .from('audit_logs')
        .insert({ action: EMAILED, entity_type: 'quiz_assessment', entity_id: id }),
    );
  },
};

Deno.serve(
  createHandler({
    store,
    mailer: mailerFromEnv(),
    caps: serviceMailCaps(),
    siteUrl: Deno.env.get('SITE_URL'),
  }),
);
