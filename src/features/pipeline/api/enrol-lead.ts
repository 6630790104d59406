import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invokeFunction } from '@/lib/invoke-function';
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

/** Invites the parent, creates the child and marks the lead enrolled (admins; idempotent). */
export async function enrolLead(input: EnrolInput): Promise<EnrolOutcome> {
  const data = await invokeFunction<EnrolOutcome>(ENROL_LEAD_FUNCTION, input);
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
