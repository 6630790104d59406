import { ConfirmDialog } from '@/components/ui/dialog';
import { Select } from '@/components/ui/select';
import { familySessionsLabel, plans, type PlanId } from '@/content/plans';
import type { useBillingChanges } from '../hooks/use-billing-changes';
import { CHANGE_COPY } from '../lib/billing-copy';

type Changes = ReturnType<typeof useBillingChanges>;

/** Confirms a plan change, a pause or a cancellation; a plan change picks the new plan first. */
export function PlanChangeDialog({
  change,
  changes,
  currentPlan,
}: {
  change: NonNullable<Changes['dialog']>;
  changes: Changes;
  currentPlan: PlanId | undefined;
}) {
  return (
    <ConfirmDialog
      open
      onOpenChange={(isOpen) => {
        if (!isOpen) changes.close();
      }}
      title={CHANGE_COPY[change].title}
      description={CHANGE_COPY[change].description}
      confirmLabel={CHANGE_COPY[change].confirm}
      busy={changes.busy}
      disabled={change === 'change_plan' && !changes.newPlan}
      onConfirm={changes.confirm}
    >
      {change === 'change_plan' ? (
        <label className="block">
          <span className="mb-1 block text-sm font-semibold">New plan</span>
          <Select value={changes.newPlan} onChange={(e) => changes.setNewPlan(e.target.value as PlanId | '')}>
            <option value="">Choose a plan</option>
            {plans
              .filter((p) => p.id !== currentPlan)
              .map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}: ${p.price} a month, {familySessionsLabel(p.sessionsPerWeek)}
                </option>
              ))}
          </Select>
        </label>
      ) : null}
      {changes.error ? (
        <p role="alert" className="mt-3 text-red-800">
          {changes.error}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
