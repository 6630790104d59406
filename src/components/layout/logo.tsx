import { Link } from '@/lib/navigation';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { cn } from '@/lib/cn';

/** The Ploom mark: a sprouting leaf pair in a rounded square. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={className}>
      <rect width="32" height="32" rx="9" fill="#217f5b" />
      <path d="M16 25v-8" stroke="#fdfaf4" strokeWidth="2.4" strokeLinecap="round" />
      <path d="M16 17c0-4.4 3-7.4 7.5-7.4 0 4.4-3 7.4-7.5 7.4Z" fill="#f7b731" />
      <path d="M16 18.5c0-3.7-2.6-6.3-6.4-6.3 0 3.7 2.6 6.3 6.4 6.3Z" fill="#d8f3e6" />
    </svg>
  );
}

/** The logo, linking home. */
export function Logo({
  to = paths.home,
  tone = 'dark',
  compact = false,
  className,
}: {
  to?: string;
  /** 'light' for dark backgrounds. */
  tone?: 'dark' | 'light';
  /** Show only the mark on the narrowest screens, where a bar has little room. */
  compact?: boolean;
  className?: string;
}) {
  return (
    <Link
      to={to}
      aria-label={`${site.name} home`}
      className={cn(
        'inline-flex min-h-[44px] items-center gap-2 rounded-lg font-display text-2xl font-extrabold tracking-tight',
        tone === 'dark' ? 'text-brand-800' : 'text-white',
        className,
      )}
    >
      <LogoMark className="h-8 w-8" />
      <span className={cn(compact && 'hidden min-[360px]:inline')}>{site.name}</span>
    </Link>
  );
}
