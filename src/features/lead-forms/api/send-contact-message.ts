import { useMutation } from '@tanstack/react-query';
import { getSessionId } from '@/lib/attribution';
import { isUniqueViolation } from '@/lib/forms/postgrest-error';
import { settleWithin } from '@/lib/forms/settle-within';
import { getSupabase } from '@/lib/supabase';
import type { ContactFormValues } from '../lib/contact-limits';

export const CONTACT_NOTIFICATION_FUNCTION = 'send-contact-notification';

export type ContactMessage = ContactFormValues & {
  /** Made in the browser and kept until the send succeeds, so a retry cannot store two rows. */
  id: string;
};

/** Stores the message (no `.select()`: visitors cannot read messages back). */
export async function insertContactMessage(message: ContactMessage): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.from('contact_messages').insert({
    id: message.id,
    name: message.name,
    email: message.email,
    topic: message.topic,
    message: message.message,
    analytics_session_id: getSessionId(),
  });
  // A primary-key collision: an earlier try of this same message was stored.
  if (error && !isUniqueViolation(error, 'contact_messages_pkey')) throw error;
}

/**
 * Stores the message, then asks for the team's notification and the sender's receipt. The
 * notification's outcome is not the user's concern: the message is saved either way.
 */
export async function sendContactMessage(message: ContactMessage): Promise<void> {
  await insertContactMessage(message);
  const supabase = await getSupabase();
  await settleWithin(
    supabase.functions.invoke(CONTACT_NOTIFICATION_FUNCTION, {
      body: { name: message.name, email: message.email, topic: message.topic, message: message.message },
    }),
    4000,
  );
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
