import { toast } from '@/components/ui/toast-store';
import { cn } from '@/lib/cn';
import { useFlags } from '../api/get-flags';
import { useUpdateFlag } from '../api/update-flag';

const NAMES: Record<string, string> = { signup_enabled: 'Sign-up open' };
const nameOf = (key: string) => NAMES[key] ?? key.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

/** A switch per feature flag (role="switch"); a change reaches every open page through Realtime. */
export function FlagSwitches() {
  const flags = useFlags();
  const update = useUpdateFlag();
  if (flags.isError) {
    return (
      <p role="alert" className="text-red-800">
        The feature flags could not be loaded: {flags.error.message}
      </p>
    );
  }
  if (!flags.data) return <p role="status">Loading feature flags…</p>;
  return (
    <ul className="divide-y divide-brand-100 rounded-2xl border border-brand-100 bg-white">
      {flags.data.map((flag) => {
        const labelId = `flag-${flag.key}-label`;
        const descriptionId = `flag-${flag.key}-description`;
        return (
          <li key={flag.key} className="flex items-center justify-between gap-4 px-4 py-4">
            <div>
              <p id={labelId} className="font-semibold">
                {nameOf(flag.key)}
              </p>
              <p id={descriptionId} className="text-sm text-ink-muted">
                {flag.description ?? flag.key}
              </p>
            </div>
            <button
              type="button"
              role="switch"
              aria-checked={flag.enabled}
              aria-labelledby={labelId}
              aria-describedby={descriptionId}
              onClick={() =>
                update.mutate(
                  { key: flag.key, enabled: !flag.enabled },
                  {
                    onError: (error) =>
                      toast({
                        title: "Couldn't change the flag",
                        description: error.message,
                        variant: 'destructive',
                      }),
                  },
                )
              }
              className={cn(
                'relative inline-flex h-8 w-14 shrink-0 items-center rounded-full transition-colors motion-reduce:transition-none',
                'focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
                flag.enabled ? 'bg-brand-700' : 'bg-ink-muted',
              )}
            >
              <span
                aria-hidden="true"
                className={cn(
                  'inline-block h-6 w-6 rounded-full bg-white shadow transition-transform motion-reduce:transition-none',
                  flag.enabled ? 'translate-x-7' : 'translate-x-1',
                )}
              />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
