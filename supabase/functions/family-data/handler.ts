import { HttpError, json, withHttp, type Handler, type Logger } from '../_shared/http.ts';
import { parsePayload, readJsonObject, z } from '../_shared/validation.ts';

/**
 * Deletes a family: the signed-in parent's account, each child's login and every row of the
 * family's data (docs/decisions/092). Deleting auth users needs the service role, so this is an
 * edge function. Billing stops first: the family's Stripe subscriptions are cancelled at once and
 * its Stripe customer deleted (docs/decisions/131), so nothing is charged for a family that is gone;
 * if Stripe cannot be reached nothing is deleted and the parent may try again. Then the database
 * half (private.delete_family_data) removes the rows no account deletion would reach and writes
 * the audit entry, and the auth users go, children's logins first.
 * The export needs no service role: the site calls the export_family_data RPC as the parent.
 */

/** What the parent types to confirm, as the account page asks for it. */
export const CONFIRMATION = 'DELETE';

export const familyDataSchema = z.object({
  action: z.literal('delete', { errorMap: () => ({ message: "must be 'delete'" }) }),
  confirmation: z
    .string({ required_error: 'is required', invalid_type_error: 'must be a string' })
    .refine((value) => value.trim() === CONFIRMATION, { message: `must be "${CONFIRMATION}"` }),
});

export interface Caller {
  id: string;
  roles: string[];
}

/** What the handler needs from Supabase; index.ts gives the real one, tests an in-memory one. */
export interface FamilyPort {
  callerOf(token: string): Promise<Caller | null>;
  /** The family's Stripe customer, if it ever started a checkout. */
  stripeCustomerOf(accountId: string): Promise<string | null>;
  /** The database half; returns the child logins to delete (service role). */
  deleteFamilyRows(accountId: string): Promise<string[]>;
  /** Deletes an auth user (auth admin API); a user already gone is not an error. */
  deleteAuthUser(userId: string): Promise<void>;
}

/** What deleting a family asks of Stripe; index.ts gives it through the `stripe` SDK. */
export interface BillingPort {
  /**
   * Cancels every subscription of the customer that has not ended, at once (no end-of-period
   * wait), then deletes the customer (its email and card go with it). A customer already deleted
   * is not an error.
   */
  endCustomer(customerId: string): Promise<void>;
}

export interface FamilyDataDeps {
  family: FamilyPort;
  billing: BillingPort;
  logger?: Logger;
}

function bearerToken(req: Request): string {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '');
  if (!match) throw new HttpError(401, 'Sign in to manage your family’s data');
  return match[1];
}

export function createHandler(deps: FamilyDataDeps): Handler {
  const { family } = deps;
  return withHttp(
    ['POST'],
    async (req) => {
      const caller = await family.callerOf(bearerToken(req));
      if (!caller) throw new HttpError(401, 'Sign in to manage your family’s data');
      if (!caller.roles.includes('parent')) {
        throw new HttpError(403, 'Only a parent’s account can delete the family’s data');
      }
      if (caller.roles.includes('admin') || caller.roles.includes('coach')) {
        throw new HttpError(409, 'A team member’s account is removed by an admin');
      }
      parsePayload(familyDataSchema, await readJsonObject(req));
      const customer = await family.stripeCustomerOf(caller.id);
      if (customer) await deps.billing.endCustomer(customer);
      const logins = await family.deleteFamilyRows(caller.id);
      for (const login of logins) await family.deleteAuthUser(login);
      await family.deleteAuthUser(caller.id);
      return json(200, { deleted: true, child_logins: logins.length });
    },
    deps.logger,
  );
}
