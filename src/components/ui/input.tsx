import { forwardRef, type InputHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

/** Shared look of text controls: 44 px+ touch target, visible focus, red border when invalid. */
export const controlClasses =
  'block w-full min-h-[48px] rounded-xl border border-ink-muted/40 bg-white px-4 py-3 text-base text-ink ' +
  'placeholder:text-ink-muted/80 shadow-sm transition-colors motion-reduce:transition-none ' +
  'focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700/30 ' +
  'aria-[invalid=true]:border-red-700 aria-[invalid=true]:ring-red-700/20 disabled:opacity-60';

export type InputProps = InputHTMLAttributes<HTMLInputElement>;

export const Input = forwardRef<HTMLInputElement, InputProps>(function Input({ className, ...props }, ref) {
  return <input ref={ref} className={cn(controlClasses, className)} {...props} />;
});
