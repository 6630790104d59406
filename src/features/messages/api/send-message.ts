import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { afterNextPaint } from '@/lib/after-paint';
import { getSupabase } from '@/lib/supabase';
import { messageKeys } from './keys';

/** The database's own rule (family_messages_body_length): 1 to 2,000 characters, not only spaces. */
export const MESSAGE_MAX_LENGTH = 2000;
export const messageSchema = z.object({
  body: z
    .string()
    .refine((value) => value.trim().length > 0, 'Write a message first.')
    .refine((value) => value.length <= MESSAGE_MAX_LENGTH, `At most ${MESSAGE_MAX_LENGTH} characters.`),
});
export type MessageInput = z.infer<typeof messageSchema>;

/** Sends a message; answers the saved message's id, so the screen knows it when the list has it. */
export async function sendMessage({ familyId, body }: { familyId: string; body: string }): Promise<string> {
  const supabase = await getSupabase();
  // Who wrote it, as what and when, the database sets.
  const { data, error } = await supabase
    .from('family_messages')
    .insert({ family_id: familyId, body })
    .select('id')
    .single();
  if (error) throw error;
  return data.id;
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    // Sent once the press's frame is painted: the message shows ("Sending…") without waiting for
    // the request to be built and handed over.
    mutationFn: async (input: { familyId: string; body: string }) => {
      await afterNextPaint();
      return sendMessage(input);
    },
    // Not waited for: the screen shows the message as sent as soon as the database has it, and
    // the conversation read again takes it in (by its id) when it comes.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: messageKeys.all });
    },
  });
}
