import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { callChildAccounts } from './child-accounts-function';
import type { SecretKind } from './get-child-logins';
import { childLoginKeys } from './keys';

/**
 * The rules the child-accounts function applies (it decides; these give the parent the reason
 * before a round trip). Auth's minimum password length is 8, for PINs too
 * (docs/decisions/091-child-logins.md).
 */
export const MIN_SECRET_LENGTH = 8;
const USERNAME_RE = /^[a-z0-9](?:[a-z0-9]|[.-](?=[a-z0-9])){2,29}$/;

const obviousPin = (pin: string) => {
  const digits = [...pin].map(Number);
  const steps = new Set(digits.slice(1).map((d, i) => d - digits[i]));
  return steps.size === 1 && [...steps].every((step) => Math.abs(step) <= 1);
};

export const usernameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(3, 'A username has at least 3 characters.')
  .max(30, 'A username has at most 30 characters.')
  .refine((value) => USERNAME_RE.test(value), 'Use letters, numbers, dots or dashes (no spaces).');

/** One form for giving a login and for changing it; `secret` may stay blank when changing. */
export const childLoginSchema = (mode: 'create' | 'update', currentKind?: SecretKind | null) =>
  z
    .object({
      username: usernameSchema,
      secretKind: z.enum(['pin', 'password']),
      secret: z.string(),
    })
    .superRefine(({ secretKind, secret }, ctx) => {
      const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['secret'], message });
      if (secret === '') {
        if (mode === 'create' || secretKind !== currentKind) {
          issue(secretKind === 'pin' ? 'Choose a PIN.' : 'Choose a password.');
        }
        return;
      }
      if (secretKind === 'pin') {
        if (!/^\d+$/.test(secret)) issue('A PIN is numbers only.');
        else if (secret.length < MIN_SECRET_LENGTH) issue(`A PIN has at least ${MIN_SECRET_LENGTH} numbers.`);
        else if (obviousPin(secret)) issue('Pick numbers that are not all the same or in a row.');
      } else if (secret.length < MIN_SECRET_LENGTH) {
        issue(`A password has at least ${MIN_SECRET_LENGTH} characters.`);
      }
    });
export type ChildLoginValues = z.input<ReturnType<typeof childLoginSchema>>;

export type ChildLoginChange =
  | { action: 'create'; childId: string; username: string; secret: string; secretKind: SecretKind }
  | { action: 'update'; childId: string; username?: string; secret?: string; secretKind?: SecretKind }
  | { action: 'remove'; childId: string };

/** Gives, changes or removes a child's login through the child-accounts function. */
export async function saveChildLogin(change: ChildLoginChange): Promise<void> {
  const body: Record<string, unknown> = { action: change.action, child_id: change.childId };
  if (change.action !== 'remove') {
    if (change.username !== undefined) body.username = change.username;
    if (change.secret !== undefined) {
      body.secret = change.secret;
      body.secret_kind = change.secretKind;
    }
  }
  await callChildAccounts(body);
}

export function useSaveChildLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveChildLogin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: childLoginKeys.all }),
  });
}
