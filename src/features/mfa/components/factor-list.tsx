import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { useFactors } from '../api/list-factors';
import { useRemoveFactor } from '../api/remove-factor';

/** The signed-in user's authenticator apps, each with a way to remove it. */
export function FactorList() {
  const factors = useFactors();
  const remove = useRemoveFactor();
  if (factors.isError) {
    return (
      <p role="alert" className="text-red-800">
        Your two-factor settings could not be loaded: {factors.error.message}
      </p>
    );
  }
  if (!factors.data) return <p role="status">Loading your two-factor settings…</p>;
  if (factors.data.length === 0) return <p>No authenticator app is set up yet.</p>;
  return (
    <ul className="divide-y divide-brand-100 rounded-2xl border border-brand-100 bg-white">
      {factors.data.map((factor) => (
        <li key={factor.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
          <div>
            <p className="font-semibold">{factor.friendlyName}</p>
            <p className="text-sm text-ink-muted">Added {new Date(factor.createdAt).toLocaleDateString()}</p>
          </div>
          <Button
            type="button"
            variant="secondary"
            size="sm"
            disabled={remove.isPending}
            aria-label={`Remove ${factor.friendlyName}`}
            onClick={() =>
              remove.mutate(factor.id, {
                onError: (error) =>
                  toast({
                    title: "Couldn't remove the app",
                    description: error.message,
                    variant: 'destructive',
                  }),
              })
            }
          >
            Remove
          </Button>
        </li>
      ))}
    </ul>
  );
}
