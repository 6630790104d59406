import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { getSupabase } from '@/lib/supabase';
import { sessionKeys } from './keys';

export const notesSchema = z.object({
  notes: z.string().trim().min(1, 'Write the notes first').max(4000, 'At most 4,000 characters'),
});
export const parentUpdateSchema = z.object({
  body: z.string().trim().min(1, 'Write the update first').max(4000, 'At most 4,000 characters'),
});
export const pointsSchema = z.object({
  points: z.coerce
    .number()
    .int('Whole points only')
    .min(1, 'At least 1 point')
    .max(100, 'At most 100 points'),
  reason: z.string().trim().min(1, 'Say what the points are for').max(200, 'At most 200 characters'),
});

async function signedInUserId() {
  const supabase = await getSupabase();
  const { data } = await supabase.auth.getUser();
  if (!data.user) throw { code: '42501', message: 'Not signed in' };
  return { supabase, userId: data.user.id };
}

/**
 * Saves the coach's private notes of a session (one record per session): the first save inserts,
 * later saves update. Not an upsert: ON CONFLICT needs SELECT on the note's text, which no one
 * holds (a note is read only through read_session_note, which audits each read).
 */
export async function saveNotes(input: { sessionId: string; notes: string }): Promise<void> {
  const { supabase, userId } = await signedInUserId();
  const note = { body: input.notes.trim(), updated_by: userId };
  const inserted = await supabase.from('session_notes').insert({ session_id: input.sessionId, ...note });
  if (!inserted.error) return;
  // 23505: the session has notes already, so this save replaces them.
  if (inserted.error.code !== '23505') throw inserted.error;
  const { error } = await supabase.from('session_notes').update(note).eq('session_id', input.sessionId);
  if (error) throw error;
}

/** Writes (or edits) the session's weekly update and shares it with the parent. */
export async function shareParentUpdate(input: {
  sessionId: string;
  childId: string;
  coachId: string | null;
  existingId?: string;
  body: string;
}): Promise<void> {
  const { supabase } = await signedInUserId();
  const shared_at = new Date().toISOString();
  const { error } = input.existingId
    ? await supabase
        .from('parent_updates')
        .update({ body: input.body.trim(), shared_at })
        .eq('id', input.existingId)
    : await supabase.from('parent_updates').insert({
        child_id: input.childId,
        session_id: input.sessionId,
        coach_id: input.coachId,
        body: input.body.trim(),
        shared_at,
      });
  if (error) throw error;
}

/** Awards Ploom Points to the session's child, in the awarder's own name. */
export async function awardPoints(input: { childId: string; points: number; reason: string }): Promise<void> {
  const { supabase, userId } = await signedInUserId();
  const { error } = await supabase.from('ploom_points').insert({
    child_id: input.childId,
    points: input.points,
    reason: input.reason.trim(),
    awarded_by: userId,
  });
  if (error) throw error;
}

function useFollowUpMutation<T>(sessionId: string, mutationFn: (input: T) => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.followUp(sessionId) }),
  });
}

export const useSaveNotes = (sessionId: string) => useFollowUpMutation(sessionId, saveNotes);
export const useShareParentUpdate = (sessionId: string) => useFollowUpMutation(sessionId, shareParentUpdate);
export const useAwardPoints = (sessionId: string) => useFollowUpMutation(sessionId, awardPoints);
