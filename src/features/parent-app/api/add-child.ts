import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { familyClient, type FamilySupabase as Supabase } from './client';
import { familyKeys } from './keys';
import { challengeValues } from '../../../content/challenges';
import { dayParts, type PreferredTime } from '../lib/options';

const dayPartValues = dayParts.map((p) => p.value) as [
  PreferredTime['dayPart'],
  ...PreferredTime['dayPart'][],
];

export const preferredTimesSchema = z
  .array(z.object({ weekday: z.number().int().min(1).max(7), dayPart: z.enum(dayPartValues) }))
  .min(1, 'Pick at least one time that suits your family.');

export const consentSchema = z.object({
  signedName: z.string().trim().min(2, 'Type your full name to sign.').max(120),
  agreed: z.literal(true, { error: 'Please tick the box to give your consent.' }),
});

// The columns' own limits (children.first_name, age 7-12, hopes 1,000 characters).
export const childSchema = z
  .object({
    firstName: z.string().trim().min(1, "Please enter your child's first name.").max(50),
    age: z.coerce
      .number({ error: "Please choose your child's age." })
      .int()
      .min(7, 'Our coaching is for children aged 7 to 12.')
      .max(12, 'Our coaching is for children aged 7 to 12.'),
    focusAreas: z.array(z.enum(challengeValues)).min(1, 'Pick at least one area to work on.'),
    hopes: z.string().trim().max(1000, 'Please keep this under 1,000 characters.'),
    times: preferredTimesSchema,
  })
  .merge(consentSchema);
export type ChildValues = z.infer<typeof childSchema>;

/**
 * Adds a child with everything the onboarding records: the child (first name, age, focus areas,
 * hopes), the parent's consent to the current notice, and the preferred session times. Returns the
 * child's id. The server stamps who consented, when and to which versions.
 */
export async function addChild(
  client: Supabase,
  values: ChildValues & { noticeId: string },
): Promise<string> {
  const { data: session } = await client.auth.getSession();
  const parentId = session.session?.user.id;
  if (!parentId) throw { code: '42501', message: 'Not signed in' };
  const child = await client
    .from('children')
    .insert({
      parent_id: parentId,
      first_name: values.firstName.trim(),
      age: values.age,
      focus_areas: values.focusAreas,
      hopes: values.hopes.trim() || null,
    })
    .select('id')
    .single();
  if (child.error) throw child.error;
  const childId = child.data.id;
  const consent = await client
    .from('parental_consents')
    .insert({ child_id: childId, notice_id: values.noticeId, signed_name: values.signedName.trim() });
  if (consent.error) throw consent.error;
  const times = await client
    .from('preferred_session_times')
    .insert(values.times.map((t) => ({ child_id: childId, weekday: t.weekday, day_part: t.dayPart })));
  if (times.error) throw times.error;
  return childId;
}

export function useAddChild() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: ChildValues & { noticeId: string }) => addChild(await familyClient(), values),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: familyKeys.all }),
  });
}
