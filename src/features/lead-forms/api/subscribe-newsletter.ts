import { useMutation } from '@tanstack/react-query';
import { getSessionId } from '@/lib/attribution';
import { getSupabase } from '@/lib/supabase';
import { settleWithin } from '@/lib/forms/settle-within';

/** The newsletter form's values, as typed and as validated (lib/newsletter-schema.ts). */
export interface NewsletterInput {
  email: string;
  firstName: string;
}
export interface NewsletterValues {
  email: string;
  firstName: string | null;
}

/** The subscriber's source as the database accepts it (lower-case tag), or null. */
export function toSourceTag(source: string | undefined): string | null {
  if (!source) return null;
  const tag = source
    .toLowerCase()
    .replace(/[^a-z0-9_/-]+/g, '-')
    .replace(/^[^a-z0-9]+/, '')
    .slice(0, 64);
  return tag || null;
}

export const NEWSLETTER_CONFIRMATION_FUNCTION = 'send-newsletter-confirmation';

/**
 * Adds the subscriber (no `.select()`: visitors cannot read the list back), then asks for the
 * welcome email. Throws the insert's error (23505 when the email is already subscribed).
 */
export async function subscribeNewsletter(values: NewsletterValues & { source?: string }): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.from('newsletter_subscribers').insert({
    email: values.email,
    first_name: values.firstName,
    source: toSourceTag(values.source),
    // Ties the sign-up to the visit, so the landing report credits the variant it came from.
    analytics_session_id: getSessionId(),
  });
  if (error) throw error;
  // The welcome email is a follow-up: its failure does not undo the subscription.
  await settleWithin(
    supabase.functions.invoke(NEWSLETTER_CONFIRMATION_FUNCTION, {
      body: { email: values.email, firstName: values.firstName },
    }),
    4000,
  );
}

export function useSubscribeNewsletter() {
  return useMutation({ mutationFn: subscribeNewsletter });
}
