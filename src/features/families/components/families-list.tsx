import { Link, useLocation, useNavigate } from '@/lib/navigation';
import { paths } from '@/config/paths';
import { Field } from '@/components/ui/field';
import { Pagination } from '@/components/ui/pagination';
import { Select } from '@/components/ui/select';
import { challengeLabel } from '@/content/challenges';
import { FAMILY_PAGE_SIZE, useFamilies, type Family } from '../api/get-families';
import { useFamilyCoaches } from '../api/get-family-coaches';
import { BILLING_STATUS_LABELS, useFamilyBilling, type FamilyBilling } from '../api/get-family-billing';
import { PaymentFailedBadge } from './payment-failed-badge';

const isId = (v: string | null): v is string => v !== null && /^[0-9a-f-]{1,64}$/i.test(v);

function FamilyCard({
  family,
  showCoach,
  billing,
}: {
  family: Family;
  showCoach: boolean;
  /** the plan (admins only; undefined for a coach or a family without one) */
  billing?: FamilyBilling;
}) {
  const parent = family.parentFirstName ?? 'A parent';
  return (
    <li className="rounded-2xl border border-brand-100 bg-white p-4">
      <h2 className="font-display text-lg font-bold text-ink">
        <Link
          to={paths.adminFamily.href(family.parentId)}
          className="underline-offset-4 hover:underline focus-visible:underline"
        >
          {parent}'s family
        </Link>
      </h2>
      {billing ? (
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-ink-muted">
          <span>
            {billing.plan} · {BILLING_STATUS_LABELS[billing.status] ?? billing.status}
          </span>
          {billing.paymentFailed ? <PaymentFailedBadge /> : null}
        </p>
      ) : null}
      <ul className="mt-2 space-y-2" aria-label={`${parent}'s children`}>
        {family.children.map((child) => (
          <li key={child.id} className="text-sm">
            <span className="font-semibold text-ink">{child.firstName}</span>
            {child.age ? <span className="text-ink-muted">, {child.age}</span> : null}
            {child.focusAreas.length > 0 ? (
              <span className="text-ink-muted">
                {' '}
                · Focus: {child.focusAreas.map((f) => challengeLabel(f) || f).join(', ')}
              </span>
            ) : null}
            {showCoach ? (
              <span className="text-ink-muted"> · Coach: {child.coachName ?? 'not assigned'}</span>
            ) : null}
          </li>
        ))}
      </ul>
    </li>
  );
}

/**
 * /admin/families: a coach's own families (those with a child assigned to them), or every family
 * with its coaches for an admin, who can filter by coach. The coach filter and page are in the URL.
 */
export function FamiliesList({ isAdmin }: { isAdmin: boolean }) {
  // useLocation/useNavigate rather than useSearchParams: the router's entry chunk stays as it is.
  const location = useLocation();
  const go = useNavigate();
  const params = new URLSearchParams(location.search);
  const coachParam = params.get('coach');
  const coachId = isAdmin && isId(coachParam) ? coachParam : '';
  const pageParam = Number(params.get('page'));
  const page = Number.isInteger(pageParam) && pageParam > 1 ? pageParam : 1;
  const families = useFamilies({ coachId: coachId || undefined, page });
  const coaches = useFamilyCoaches(isAdmin);
  const billing = useFamilyBilling(families.data?.rows.map((f) => f.parentId) ?? [], isAdmin);

  const navigate = (next: { coach: string; page: number }) => {
    const search = new URLSearchParams();
    if (next.coach) search.set('coach', next.coach);
    if (next.page > 1) search.set('page', String(next.page));
    go({ search: search.toString() });
  };

  return (
    <div className="space-y-4">
      {isAdmin ? (
        <form
          aria-label="Filter families"
          className="max-w-sm rounded-2xl border border-brand-100 bg-white p-4"
          onSubmit={(event) => event.preventDefault()}
        >
          <Field label="Coach">
            <Select value={coachId} onChange={(e) => navigate({ coach: e.target.value, page: 1 })}>
              <option value="">All coaches</option>
              {(coaches.data ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </Select>
          </Field>
        </form>
      ) : null}

      {families.isError ? (
        <p role="alert" className="rounded-2xl bg-red-50 p-4 text-red-800">
          The families could not be loaded. Please reload the page.
        </p>
      ) : families.isPending ? (
        <p>Loading the families…</p>
      ) : families.data.rows.length === 0 ? (
        <p className="rounded-2xl border border-brand-100 bg-white p-4 text-ink-muted">
          {isAdmin ? 'No families match this filter.' : 'No families are assigned to you yet.'}
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2" aria-label="Families">
          {families.data.rows.map((family) => (
            <FamilyCard
              key={family.parentId}
              family={family}
              showCoach={isAdmin}
              billing={billing.data?.[family.parentId]}
            />
          ))}
        </ul>
      )}

      {families.data && families.data.total > FAMILY_PAGE_SIZE ? (
        <Pagination
          label="Family pages"
          page={page}
          pageSize={FAMILY_PAGE_SIZE}
          total={families.data.total}
          noun={['family', 'families']}
          onPage={(next) => navigate({ coach: coachId, page: next })}
        />
      ) : null}
    </div>
  );
}
