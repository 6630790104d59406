import { useDeferredValue, useState } from 'react';
import { AreaPage } from '@/app/components/area-shell';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { APP_ROLES, useAccounts, type AppRole } from '@/features/users/api/get-accounts';
import { useFamilyBilling } from '@/features/users/api/get-family-billing';
import { InviteUser } from '@/features/users/components/invite-dialog';
import { Pagination } from '@/components/ui/pagination';
import { UsersTable } from '@/features/users/components/users-table';
import { ROLE_LABELS } from '@/features/users/lib/format';

const PAGE_SIZE = 20;

export default function UsersScreen() {
  const { user } = useAuth();
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<AppRole | ''>('');
  const [page, setPage] = useState(1);
  const deferredSearch = useDeferredValue(search);
  const accounts = useAccounts({ search: deferredSearch, role, page, pageSize: PAGE_SIZE });
  const billing = useFamilyBilling(
    (accounts.data?.accounts ?? []).filter((a) => a.roles.includes('parent')).map((a) => a.id),
  );

  return (
    <AreaPage
      area="Admin"
      title="Users"
      description="Every account, its roles, its last sign-in and each family's plan."
      actions={<InviteUser />}
    >
      <form
        role="search"
        className="mb-4 grid gap-3 sm:grid-cols-[1fr_14rem]"
        onSubmit={(e) => e.preventDefault()}
      >
        <label className="block">
          <span className="mb-1 block text-sm font-semibold">Search by name or email</span>
          <Input
            type="search"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
          />
        </label>
        <label className="block">
          <span className="mb-1 block text-sm font-semibold">Role</span>
          <Select
            value={role}
            onChange={(event) => {
              setRole(event.target.value as AppRole | '');
              setPage(1);
            }}
          >
            <option value="">All roles</option>
            {APP_ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </Select>
        </label>
      </form>
      {accounts.isError ? (
        <p role="alert" className="text-red-800">
          The accounts could not be loaded: {accounts.error.message}
        </p>
      ) : !accounts.data ? (
        <p role="status">Loading accounts…</p>
      ) : accounts.data.accounts.length === 0 ? (
        <p role="status">No account matches.</p>
      ) : (
        <>
          <UsersTable accounts={accounts.data.accounts} currentUserId={user?.id} billing={billing.data} />
          <Pagination
            label="Pages of accounts"
            page={page}
            pageSize={PAGE_SIZE}
            total={accounts.data.total}
            noun={['account', 'accounts']}
            onPage={setPage}
          />
        </>
      )}
    </AreaPage>
  );
}
