import { forwardRef, type AnchorHTMLAttributes, type ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from '@/lib/navigation';
import { cn } from '@/lib/cn';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'sun' | 'outline-light';
export type ButtonSize = 'sm' | 'md' | 'lg';

const base =
  'inline-flex items-center justify-center gap-2 rounded-full font-display font-bold text-center ' +
  'transition-colors duration-150 motion-reduce:transition-none ' +
  'focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ' +
  'disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white shadow-sm hover:bg-brand-800',
  secondary: 'border-2 border-brand-700 bg-white text-brand-800 hover:bg-brand-50',
  ghost: 'text-brand-800 hover:bg-brand-50',
  sun: 'bg-sun-400 text-ink shadow-sm hover:bg-sun-500',
  'outline-light': 'border-2 border-white/80 bg-transparent text-white hover:bg-white/10',
};

// Every size keeps the touch target at least 44 px high.
const sizes: Record<ButtonSize, string> = {
  sm: 'min-h-[44px] px-4 py-2 text-sm',
  md: 'min-h-[48px] px-6 py-3 text-base',
  lg: 'min-h-[56px] px-8 py-4 text-lg',
};

export interface ButtonStyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

/** The classes of a button, for elements that are not <Button> (e.g. a plain <a>). */
export function buttonClasses({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
}: ButtonStyleProps = {}): string {
  return cn(base, variants[variant], sizes[size], fullWidth && 'w-full');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonStyleProps {}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, fullWidth, className, type = 'button', ...props },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={cn(buttonClasses({ variant, size, fullWidth }), className)}
      {...props}
    />
  );
});

export interface ButtonLinkProps extends LinkProps, ButtonStyleProps {}

/** A react-router link that looks like a button. */
export const ButtonLink = forwardRef<HTMLAnchorElement, ButtonLinkProps>(function ButtonLink(
  { variant, size, fullWidth, className, ...props },
  ref,
) {
  return <Link ref={ref} className={cn(buttonClasses({ variant, size, fullWidth }), className)} {...props} />;
});

export interface ButtonAnchorProps extends AnchorHTMLAttributes<HTMLAnchorElement>, ButtonStyleProps {}

/** A plain anchor (e.g. an in-page `#section` link or mailto:) that looks like a button. */
export const ButtonAnchor = forwardRef<HTMLAnchorElement, ButtonAnchorProps>(function ButtonAnchor(
  { variant, size, fullWidth, className, ...props },
  ref,
) {
  return <a ref={ref} className={cn(buttonClasses({ variant, size, fullWidth }), className)} {...props} />;
});
