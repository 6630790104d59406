import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cn } from '@/lib/cn';
import { TOAST_DURATION_MS, dismissToast, subscribeToasts, type ToastItem } from './toast-store';

export function Toaster() {
  const [items, setItems] = useState<ToastItem[]>([]);
  useEffect(() => subscribeToasts(setItems), []);
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" label="Notification">
      {items.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => !open && dismissToast(item.id)}
          type={item.variant === 'destructive' ? 'foreground' : 'background'}
          className={cn(
            'pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg',
            'data-[state=closed]:opacity-0 data-[swipe=end]:translate-x-full transition',
            item.variant === 'destructive'
              ? 'border-red-700 bg-red-700 text-white'
              : 'border-brand-200 bg-white text-ink',
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="font-semibold">{item.title}</ToastPrimitive.Title>
            {item.description && (
              <ToastPrimitive.Description className="text-sm opacity-90">
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
      <ToastPrimitive.Viewport className="fixed bottom-0 right-0 z-[100] flex max-h-screen w-full flex-col-reverse gap-2 p-4 sm:max-w-sm" />
    </ToastPrimitive.Provider>
  );
}
