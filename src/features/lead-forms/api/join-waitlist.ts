import { useMutation } from '@tanstack/react-query';
import type { Challenge } from '@/content/challenges';
import { attributionColumns } from '@/lib/attribution';
import { getSupabase } from '@/lib/supabase';
import { isUniqueViolation } from '@/lib/forms/postgrest-error';
import { settleWithin } from '@/lib/forms/settle-within';

export type WaitlistSource = 'fit-call' | 'contact-v2' | 'waitlist';

/** The form values every waitlist form shares, as the forms hold them. */
export interface LeadFormValues {
  name: string;
  email: string;
  phone: string;
  childName: string;
  childAge: string;
  challenge: string;
}

export const emptyLeadForm: LeadFormValues = {
  name: '',
  email: '',
  phone: '',
  childName: '',
  childAge: '',
  challenge: '',
};

export interface WaitlistSubmission {
  /** Client-generated row id: a repeated submit collides instead of saving twice. */
  id: string;
  name: string;
  email: string;
  phone: string | null;
  childName: string | null;
  childAge: string | null;
  challenge: Challenge | null;
  source: WaitlistSource;
  /** The landing page the lead belongs to; defaults to where the session started. */
  landingPath?: string | null;
}

export const FIT_CALL_NOTIFICATIONS_FUNCTION = 'send-fit-call-notifications';

/** The waitlist row for a submission, with the session's landing path and UTM parameters. */
export function toWaitlistRow(submission: WaitlistSubmission) {
  const attribution = attributionColumns(window.location.pathname);
  return {
    id: submission.id,
    name: submission.name,
    email: submission.email,
    phone: submission.phone,
    child_name: submission.childName,
    age_band: submission.childAge,
    challenge: submission.challenge,
    consent: true,
    source: submission.source,
    ...attribution,
    landing_path: submission.landingPath ?? attribution.landing_path,
  };
}

/**
 * Saves the lead (no `.select()`: visitors cannot read the waitlist). A primary-key collision means
 * an earlier try of this same submission was saved, so it counts as success.
 */
export async function insertWaitlistRow(submission: WaitlistSubmission): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.from('waitlist').insert(toWaitlistRow(submission));
  if (error && !isUniqueViolation(error, 'waitlist_pkey')) throw error;
}

/** What a saved submission leads to: for an intro-call request, the link token to book the call. */
export interface JoinedWaitlist {
  bookingToken?: string;
}

/**
 * Saves the lead, then asks for the confirmation to the parent and the team's notification. The
 * notification's error is ignored: the lead is saved, the user sees success either way. For an
 * intro-call request its answer carries the token the parent books the call with (decision 170).
 */
export async function joinWaitlist(submission: WaitlistSubmission): Promise<JoinedWaitlist> {
  await insertWaitlistRow(submission);
  const supabase = await getSupabase();
  let bookingToken: string | undefined;
  await settleWithin(
    supabase.functions
      .invoke<{ bookingToken?: unknown }>(FIT_CALL_NOTIFICATIONS_FUNCTION, {
        body: {
          name: submission.name,
          email: submission.email,
          phone: submission.phone ?? '',
          childName: submission.childName ?? '',
          childAge: submission.childAge ?? '',
          challenge: submission.challenge ?? '',
        },
      })
      .then(({ data }) => {
        if (typeof data?.bookingToken === 'string') bookingToken = data.bookingToken;
      }),
    4000,
  );
  return bookingToken ? { bookingToken } : {};
}

export function useJoinWaitlist() {
  return useMutation({ mutationFn: joinWaitlist });
}
