import type { Person } from '@/content/founders';
import { cn } from '@/lib/cn';

const palettes: Record<Person['tone'], { bg: string; fg: string; leaf: string }> = {
  green: { bg: '#217f5b', fg: '#ffffff', leaf: '#b4e6d0' },
  sun: { bg: '#f7b731', fg: '#1d2433', leaf: '#fff3d6' },
  ink: { bg: '#1d2433', fg: '#ffffff', leaf: '#f7b731' },
};

/** An initials avatar (no photos): decorative, the name is always written beside it. */
export function Avatar({
  initials,
  tone,
  className,
}: Pick<Person, 'initials' | 'tone'> & { className?: string }) {
  const palette = palettes[tone];
  return (
    <svg
      viewBox="0 0 96 96"
      aria-hidden="true"
      focusable="false"
      className={cn('h-20 w-20 shrink-0', className)}
    >
      <circle cx="48" cy="48" r="48" fill={palette.bg} />
      <path d="M72 16c0 6.5-4.2 10.5-10.5 10.5 0-6.5 4.2-10.5 10.5-10.5Z" fill={palette.leaf} />
      <text
        x="48"
        y="60"
        textAnchor="middle"
        fontFamily="Nunito, ui-rounded, system-ui, sans-serif"
        fontWeight="800"
        fontSize="32"
        fill={palette.fg}
      >
        {initials}
      </text>
    </svg>
  );
}
