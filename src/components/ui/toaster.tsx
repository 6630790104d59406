import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cn } from '@/lib/cn';
import {
  TOAST_DURATION_MS,
  dismissToast,
  phoneToastPlacement,
  subscribeToasts,
  type ToastItem,
  type ToastPlacement,
} from './toast-store';

/**
 * The toasts' column. On a phone: the screen's width, in the half the newest toast's field is not
 * in, clear of the notch or the home bar. From `sm` on: the bottom right corner, whatever the phone
 * placement said.
 */
const viewportClasses: Record<ToastPlacement, string> = {
  top: 'top-0 flex-col pt-[max(0.75rem,env(safe-area-inset-top))] sm:top-auto sm:bottom-0 sm:flex-col-reverse',
  bottom: 'bottom-0 flex-col-reverse pb-[max(0.75rem,env(safe-area-inset-bottom))]',
};

export function Toaster() {
  const [items, setItems] = useState<ToastItem[]>([]);
  useEffect(() => subscribeToasts(setItems), []);
  // Decided by the newest toast, so the column stays put while older ones close.
  const placement = phoneToastPlacement(window.innerHeight, items[0]?.raisedAt ?? null);
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" label="Notification">
      {items.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => !open && dismissToast(item.id)}
          type={item.variant === 'destructive' ? 'foreground' : 'background'}
          className={cn(
            // Compact on a phone: less of the screen covered while it shows.
            'pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-3 pr-10 text-sm shadow-lg sm:p-4 sm:pr-10 sm:text-base',
            'data-[state=closed]:opacity-0 data-[swipe=end]:translate-x-full transition',
            item.variant === 'destructive'
              ? 'border-red-700 bg-red-700 text-white'
              : 'border-brand-200 bg-white text-ink',
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="font-semibold">{item.title}</ToastPrimitive.Title>
            {item.description && (
              <ToastPrimitive.Description className="opacity-90 sm:text-sm">
                {item.description}
              </ToastPrimitive.Description>
            )}
          </div>
          <ToastPrimitive.Close
            aria-label="Close"
            className="absolute right-2 top-2 rounded-md p-1 opacity-80 hover:opacity-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-current"
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        data-placement={placement}
        className={cn(
          'fixed right-0 z-[100] flex max-h-screen w-full gap-2 p-3 sm:max-w-sm sm:p-4',
          viewportClasses[placement],
        )}
      />
    </ToastPrimitive.Provider>
  );
}
