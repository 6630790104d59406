import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { getSupabase } from '@/lib/supabase';
import { leadEventsQueryOptions } from './get-lead-events';

export const noteSchema = z.object({
  body: z.string().trim().min(1, 'Please write a note.').max(2000, 'Please keep it under 2000 characters.'),
});
export type NoteValues = z.input<typeof noteSchema>;

/** Adds a note to a lead's history (the database stamps the author and the time). */
export async function addLeadNote({ leadId, body }: { leadId: string; body: string }): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.from('lead_events').insert({ lead_id: leadId, body });
  if (error) throw error;
}

export function useAddLeadNote(leadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => addLeadNote({ leadId, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leadEventsQueryOptions(leadId).queryKey }),
  });
}
