import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A modal dialog (Radix): labelled by its title, described by its description, focus kept inside
 * while open and returned to the opener, Escape or the close button closes it.
 *
 * The screens unmount a dialog as soon as it closes, which takes Radix's own focus return with it
 * (focus fell to the page's body, and a keyboard user started again from the top): so the element
 * focused when the dialog opened is kept here and focused again once the dialog is gone.
 */
function useReturnFocus(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (!open) restore(opener.current);
  }, [open]);
  useEffect(() => () => restore(opener.current), []);
  /** Radix calls it just before it moves the focus into the dialog: the opener still has it. */
  const rememberOpener = () => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  };
  return rememberOpener;
}

function restore(element: HTMLElement | null) {
  // After Radix has finished closing; only when the focus has nowhere better to be.
  setTimeout(() => {
    const lost = !document.activeElement || document.activeElement === document.body;
    if (lost && element?.isConnected) element.focus();
  }, 0);
}

export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  children: ReactNode;
}) {
  const rememberOpener = useReturnFocus(open);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <RadixDialog.Content
          onOpenAutoFocus={rememberOpener}
          className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-3xl bg-white p-6 shadow-xl focus:outline-none"
        >
          <RadixDialog.Title className="font-display text-2xl font-extrabold text-ink">
            {title}
          </RadixDialog.Title>
          <RadixDialog.Description className="mt-1 text-ink-muted">{description}</RadixDialog.Description>
          <div className="mt-4">{children}</div>
          <RadixDialog.Close
            className="absolute right-4 top-4 inline-flex h-11 w-11 items-center justify-center rounded-full text-ink-muted hover:bg-brand-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700"
            aria-label="Close"
          >
            <X className="h-5 w-5" aria-hidden="true" />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
