import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/**
 * Asks before a billing change (Radix dialog: labelled, focus kept inside, Escape closes it).
 * `children` holds the choice to make, when there is one (the plan to switch to).
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  busy,
  disabled = false,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
  busy: boolean;
  disabled?: boolean;
  children?: ReactNode;
}) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <RadixDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-3xl bg-white p-6 shadow-xl focus:outline-none">
          <RadixDialog.Title className="font-display text-2xl font-extrabold text-ink">
            {title}
          </RadixDialog.Title>
          <RadixDialog.Description className="mt-1 text-ink-muted">{description}</RadixDialog.Description>
          {children ? <div className="mt-4">{children}</div> : null}
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <RadixDialog.Close asChild>
              <Button variant="secondary" size="sm">
                Not now
              </Button>
            </RadixDialog.Close>
            <Button size="sm" onClick={onConfirm} disabled={busy || disabled}>
              {busy ? 'Working…' : confirmLabel}
            </Button>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
