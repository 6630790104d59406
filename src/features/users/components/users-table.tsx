import { X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/toast-store';
import { cn } from '@/lib/cn';
import { useChangeRole } from '../api/change-role';
import { grantableRoles, type Account } from '../api/get-accounts';
import type { FamilyBilling } from '../api/get-family-billing';
import { useSetAccountActive } from '../api/set-account-active';
import { displayName, formatDate, formatDateTime, loginLabel, ROLE_LABELS } from '../lib/format';
import { ConfirmDialog } from '@/components/ui/dialog';
import { RowHeader, Table, TD, TR } from '@/components/ui/table';

const STATUS_STYLES: Record<Account['status'], string> = {
  active: 'bg-brand-50 text-brand-800',
  invited: 'bg-sun-100 text-ink',
  deactivated: 'bg-red-50 text-red-800',
};

const BILLING_STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  trialing: 'Active',
  paused: 'Paused',
  cancelling: 'Cancelling',
  past_due: 'Past due',
  unpaid: 'Unpaid',
  canceled: 'Ended',
};

/** A family's plan and status; a failed payment stands out. */
function PlanCell({ billing }: { billing: FamilyBilling | undefined }) {
  if (!billing) return <span className="text-ink-muted">—</span>;
  return (
    <span className="block">
      <span className="block font-semibold text-ink">{billing.plan}</span>
      <span className="block text-ink-muted">{BILLING_STATUS_LABELS[billing.status] ?? billing.status}</span>
      {billing.paymentFailed ? (
        <span className="mt-1 inline-block rounded-full bg-red-100 px-3 py-1 font-semibold text-red-900">
          Payment failed
        </span>
      ) : null}
    </span>
  );
}

/** The accounts of one page: names, email, roles (grant / remove), last login, created, status. */
export function UsersTable({
  accounts,
  currentUserId,
  billing = {},
}: {
  accounts: Account[];
  currentUserId: string | undefined;
  /** each family's plan, by parent id */
  billing?: Record<string, FamilyBilling>;
}) {
  const [confirming, setConfirming] = useState<Account | null>(null);
  const [makingAdmin, setMakingAdmin] = useState<Account | null>(null);
  const setActive = useSetAccountActive();
  const changeRole = useChangeRole();

  const onRoleChange = async (account: Account, role: Account['roles'][number], grant: boolean) => {
    try {
      await changeRole.mutateAsync({ userId: account.id, role, grant });
      toast({
        title: `${ROLE_LABELS[role]} role ${grant ? 'granted to' : 'removed from'} ${displayName(account)}`,
      });
    } catch (error) {
      toast({
        title: "Couldn't change the role",
        description: (error as Error).message,
        variant: 'destructive',
      });
    }
  };
  const onActive = async (account: Account, active: boolean) => {
    try {
      await setActive.mutateAsync({ userId: account.id, active });
      toast({ title: `${displayName(account)} ${active ? 'reactivated' : 'deactivated'}` });
    } catch (error) {
      toast({
        title: active ? "Couldn't reactivate the account" : "Couldn't deactivate the account",
        description: (error as Error).message,
        variant: 'destructive',
      });
    }
  };

  return (
    <>
      <Table
        caption="Accounts"
        columns={[
          'Name',
          'Roles',
          'Last login',
          'Created',
          'Status',
          'Plan',
          { label: 'Actions', hidden: true },
        ]}
        minWidth="min-w-[56rem]"
      >
        {accounts.map((account) => {
          const name = displayName(account);
          const isMe = account.id === currentUserId;
          const missing = grantableRoles(account.roles);
          return (
            <TR key={account.id} className="align-top">
              <RowHeader>
                <span className="block font-semibold text-ink">{name}</span>
                <span className="block text-ink-muted">{loginLabel(account)}</span>
              </RowHeader>
              <TD>
                <ul className="flex flex-wrap gap-1" aria-label={`Roles of ${name}`}>
                  {account.roles.map((role) => (
                    <li
                      key={role}
                      className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pl-3 pr-1 text-brand-800"
                    >
                      {ROLE_LABELS[role]}
                      {/* A child's role goes with the login, from the family's page; the admin's own stays. */}
                      {(isMe && role === 'admin') || role === 'child' ? (
                        <span className="w-2" />
                      ) : (
                        <button
                          type="button"
                          onClick={() => onRoleChange(account, role, false)}
                          aria-label={`Remove the ${ROLE_LABELS[role]} role from ${name}`}
                          className="inline-flex h-7 w-7 items-center justify-center rounded-full hover:bg-brand-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700"
                        >
                          <X className="h-4 w-4" aria-hidden="true" />
                        </button>
                      )}
                    </li>
                  ))}
                </ul>
                {missing.length ? (
                  <Select
                    aria-label={`Grant a role to ${name}`}
                    value=""
                    onChange={(event) => {
                      const role = event.target.value as Account['roles'][number];
                      // Admin opens every family's data and the team's tools: it is confirmed first.
                      if (role === 'admin') setMakingAdmin(account);
                      else if (role) void onRoleChange(account, role, true);
                    }}
                    className="mt-2 min-h-11 w-auto py-2 text-sm"
                  >
                    <option value="">Grant a role…</option>
                    {missing.map((role) => (
                      <option key={role} value={role}>
                        {ROLE_LABELS[role]}
                      </option>
                    ))}
                  </Select>
                ) : null}
              </TD>
              <TD>{formatDateTime(account.lastLoginAt)}</TD>
              <TD>{formatDate(account.createdAt)}</TD>
              <TD>
                <span
                  className={cn(
                    'rounded-full px-3 py-1 font-semibold capitalize',
                    STATUS_STYLES[account.status],
                  )}
                >
                  {account.status}
                </span>
              </TD>
              <TD>
                <PlanCell billing={billing[account.id]} />
              </TD>
              <TD className="text-right">
                {isMe ? null : account.status === 'deactivated' ? (
                  <Button variant="secondary" size="sm" onClick={() => onActive(account, true)}>
                    Reactivate<span className="sr-only"> {name}</span>
                  </Button>
                ) : (
                  <Button variant="ghost" size="sm" onClick={() => setConfirming(account)}>
                    Deactivate<span className="sr-only"> {name}</span>
                  </Button>
                )}
              </TD>
            </TR>
          );
        })}
      </Table>
      <ConfirmDialog
        open={makingAdmin !== null}
        onOpenChange={(open) => {
          if (!open) setMakingAdmin(null);
        }}
        title={`Make ${makingAdmin ? displayName(makingAdmin) : ''} an admin?`}
        description="Admins read every family's data, manage accounts and roles, and change the settings. Only grant it to a team member who needs it."
        cancelLabel="Cancel"
        confirmLabel="Grant admin role"
        onConfirm={async () => {
          const account = makingAdmin;
          setMakingAdmin(null);
          if (account) await onRoleChange(account, 'admin', true);
        }}
      />
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={`Deactivate ${confirming ? displayName(confirming) : ''}?`}
        description="They are signed out everywhere and cannot sign in until an admin reactivates the account. Their data stays."
        cancelLabel="Cancel"
        confirmLabel="Deactivate account"
        tone="danger"
        onConfirm={async () => {
          const account = confirming;
          setConfirming(null);
          if (account) await onActive(account, false);
        }}
      />
    </>
  );
}
