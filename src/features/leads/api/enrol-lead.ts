import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { leadsKey } from './get-leads';

export const ENROL_LEAD_FUNCTION = 'enrol-lead';

export interface EnrolInput {
  leadId: string;
  childFirstName: string;
  childAge: number | null;
}

export interface EnrolOutcome {
  parentId: string;
  childId: string;
  alreadyEnrolled: boolean;
  invited: boolean;
}

/** The function's reason (`{ error }`) when it refused, else the client's message. */
async function reasonOf(error: unknown): Promise<string> {
  const context = (error as { context?: unknown }).context;
  if (context instanceof Response) {
    try {
      const body = (await context.clone().json()) as { error?: string };
      if (body.error) return body.error;
    } catch {
      /* not JSON */
    }
  }
  return (error as Error).message;
}

/** Invites the parent, creates the child and marks the lead enrolled (admins; idempotent). */
export async function enrolLead(input: EnrolInput): Promise<EnrolOutcome> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.functions.invoke<EnrolOutcome>(ENROL_LEAD_FUNCTION, { body: input });
  if (error) throw new Error(await reasonOf(error));
  if (!data) throw new Error('The enrolment did not answer.');
  return data;
}

export function useEnrolLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enrolLead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leadsKey }),
  });
}
