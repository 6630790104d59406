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
  toasts = [{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT);
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
