/**
 * The one toaster's store. Anything may call `toast(...)`; <Toaster /> renders at most
 * TOAST_LIMIT at once, each dismissing itself after TOAST_DURATION_MS.
 */
export const TOAST_LIMIT = 3;
export const TOAST_DURATION_MS = 5000;

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}
export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
  /** where on screen the field in use was when the toast was raised (null: none focused) */
  raisedAt: FieldSpan | null;
}

/** The part of the window a field takes, top to bottom, in CSS pixels. */
export interface FieldSpan {
  top: number;
  bottom: number;
}

export type ToastPlacement = 'top' | 'bottom';

/**
 * Where the toasts go on a phone, where they span the screen: in the half the field in use is not
 * in, so they never cover it. At the top unless that field is in the top half (a form's button is
 * most often low on the screen; with nothing focused the top covers at most the header). On a
 * wider screen they stay a narrow column in the bottom right corner (the toaster's `sm:` classes).
 */
export function phoneToastPlacement(windowHeight: number, field: FieldSpan | null): ToastPlacement {
  if (!field) return 'top';
  return (field.top + field.bottom) / 2 < windowHeight / 2 ? 'bottom' : 'top';
}

/** The focused field's span on screen, if one is focused. */
function focusedSpan(): FieldSpan | null {
  if (typeof document === 'undefined') return null;
  const field = document.activeElement;
  if (!field || field === document.body || field === document.documentElement) return null;
  const { top, bottom } = field.getBoundingClientRect();
  return { top, bottom };
}

type Listener = (toasts: ToastItem[]) => void;
let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function emit() {
  for (const listener of listeners) listener(toasts);
}

export function toast(input: ToastInput): number {
  const id = nextId++;
  toasts = [{ ...input, id, open: true, raisedAt: focusedSpan() }, ...toasts].slice(0, TOAST_LIMIT);
  emit();
  return id;
}

/** A call that failed: its message (a function's or the database's reason), or "Please try again." */
export function toastFailure(error: unknown, title = 'Something went wrong'): number {
  return toast({
    title,
    // A PostgrestError is a plain object with a message, not always an Error.
    description: (error as { message?: string } | null)?.message || 'Please try again.',
    variant: 'destructive',
  });
}

export function dismissToast(id: number) {
  toasts = toasts.map((t) => (t.id === id ? { ...t, open: false } : t));
  emit();
  // Let the close animation finish before removing it.
  setTimeout(() => {
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  }, 200);
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  listener(toasts);
  return () => listeners.delete(listener);
}

/** for tests */
export function resetToasts() {
  toasts = [];
  emit();
}
