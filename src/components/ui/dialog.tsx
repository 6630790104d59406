import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from './button';

/**
 * The element focused when the dialog opened is kept, and focused again once the dialog is gone.
 *
 * Radix returns the focus to a `Dialog.Trigger`; the screens open their dialogs from their own
 * buttons, selects and rows, and often unmount a dialog as soon as it closes, which takes Radix's
 * own focus return with it (focus fell to the page's body, and a keyboard user started again from
 * the top).
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

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's accessible name. */
  title: string;
  /** Its accessible description, read out when it opens. */
  description: ReactNode;
  children?: ReactNode;
  /** The round "Close" button in the corner (a ConfirmDialog has its own way out instead). */
  closeButton?: boolean;
}

/**
 * A modal dialog (Radix): labelled by its title, described by its description, the page behind
 * inert and the focus kept inside while open, then returned to the opener; Escape, a click outside
 * or the close button closes it.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  closeButton = true,
}: DialogProps) {
  const rememberOpener = useReturnFocus(open);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <RadixDialog.Content
          onOpenAutoFocus={rememberOpener}
          className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-3xl bg-white p-6 text-ink shadow-xl focus:outline-none"
        >
          <RadixDialog.Title className="pr-10 font-display text-2xl font-extrabold text-ink">
            {title}
          </RadixDialog.Title>
          <RadixDialog.Description className="mt-1 text-ink-muted">{description}</RadixDialog.Description>
          {children ? <div className="mt-4">{children}</div> : null}
          {closeButton ? (
            <RadixDialog.Close
              className="absolute right-4 top-4 inline-flex h-11 w-11 items-center justify-center rounded-full text-ink-muted hover:bg-brand-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700"
              aria-label="Close"
            >
              <X className="h-5 w-5" aria-hidden="true" />
            </RadixDialog.Close>
          ) : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export interface ConfirmDialogProps extends Omit<DialogProps, 'closeButton'> {
  confirmLabel: string;
  onConfirm: () => void;
  /** The way out that changes nothing. */
  cancelLabel?: string;
  /** The confirm button reads "Working…" and cannot be pressed twice. */
  busy?: boolean;
  disabled?: boolean;
  /** `danger`: the confirmed action takes something away (a red button). */
  tone?: 'default' | 'danger';
}

/**
 * Asks before a change: the question, what it does, and two buttons (the one that changes nothing
 * first). `children` holds the choice to make, when there is one (the plan to switch to).
 */
export function ConfirmDialog({
  confirmLabel,
  onConfirm,
  cancelLabel = 'Not now',
  busy = false,
  disabled = false,
  tone = 'default',
  children,
  ...dialog
}: ConfirmDialogProps) {
  return (
    <Dialog {...dialog} closeButton={false}>
      {children}
      <div className={`${children ? 'mt-6' : 'mt-2'} flex flex-wrap justify-end gap-3`}>
        <RadixDialog.Close asChild>
          <Button variant="secondary" size="sm">
            {cancelLabel}
          </Button>
        </RadixDialog.Close>
        <Button
          size="sm"
          className={tone === 'danger' ? 'bg-red-700 hover:bg-red-800' : undefined}
          onClick={onConfirm}
          disabled={busy || disabled}
        >
          {busy ? 'Working…' : confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
