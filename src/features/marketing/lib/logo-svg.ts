import { brandColors, fontStacks } from './design-tokens';

/**
 * The logo as SVG source, built from the brand colours. The same strings are shown on
 * /process-logo, offered for download and drawn into the ad creatives.
 */
export interface LogoPalette {
  tile: string;
  stem: string;
  leafRight: string;
  leafLeft: string;
  word: string;
}

export const logoPalettes = {
  primary: {
    tile: brandColors.brand[600],
    stem: brandColors.cream,
    leafRight: brandColors.sun[400],
    leafLeft: brandColors.brand[100],
    word: brandColors.brand[800],
  },
  reversed: {
    tile: brandColors.cream,
    stem: brandColors.brand[700],
    leafRight: brandColors.sun[500],
    leafLeft: brandColors.brand[500],
    word: brandColors.cream,
  },
  mono: {
    tile: brandColors.ink.DEFAULT,
    stem: '#ffffff',
    leafRight: '#ffffff',
    leafLeft: '#ffffff',
    word: brandColors.ink.DEFAULT,
  },
} satisfies Record<string, LogoPalette>;

export type LogoVariant = keyof typeof logoPalettes;

const fontFamily = fontStacks.display.join(', ').replaceAll('"', "'");

/** The mark's shapes on a 32-unit grid, placed at (x, y) and scaled to `size`. */
export function markShapes(palette: LogoPalette, x = 0, y = 0, size = 32): string {
  const s = size / 32;
  return [
    `<g transform="translate(${x} ${y}) scale(${s})">`,
    `<rect width="32" height="32" rx="9" fill="${palette.tile}"/>`,
    `<path d="M16 25v-8" stroke="${palette.stem}" stroke-width="2.4" stroke-linecap="round"/>`,
    `<path d="M16 17c0-4.4 3-7.4 7.5-7.4 0 4.4-3 7.4-7.5 7.4Z" fill="${palette.leafRight}"/>`,
    `<path d="M16 18.5c0-3.7-2.6-6.3-6.4-6.3 0 3.7 2.6 6.3 6.4 6.3Z" fill="${palette.leafLeft}"/>`,
    '</g>',
  ].join('');
}

const svgOpen = (w: number, h: number, title: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img"><title>${title}</title>`;

/** The mark alone, a square. */
export function logoMarkSvg(variant: LogoVariant = 'primary', size = 512): string {
  return `${svgOpen(size, size, 'Ploom logo mark')}${markShapes(logoPalettes[variant], 0, 0, size)}</svg>`;
}

/** The mark and the wordmark side by side, on a transparent or given background. */
export function logoLockupSvg(variant: LogoVariant = 'primary', background?: string): string {
  const palette = logoPalettes[variant];
  const w = 560;
  const h = 160;
  const bg = background ? `<rect width="${w}" height="${h}" fill="${background}"/>` : '';
  return [
    svgOpen(w, h, 'Ploom logo'),
    bg,
    markShapes(palette, 24, 24, 112),
    `<text x="160" y="112" font-family="${fontFamily}" font-size="92" font-weight="800" letter-spacing="-2" fill="${palette.word}">Ploom</text>`,
    '</svg>',
  ].join('');
}

/**
 * The mark on its construction grid: the 32-unit square, the 9-unit corner radius, the stem
 * axis at 16 and the two leaves as mirrored quarter-curves.
 */
export function logoConstructionSvg(): string {
  const size = 480;
  const u = size / 32;
  const grid: string[] = [];
  for (let i = 0; i <= 32; i += 4) {
    grid.push(
      `<line x1="${i * u}" y1="0" x2="${i * u}" y2="${size}" stroke="${brandColors.brand[200]}" stroke-width="1"/>`,
    );
    grid.push(
      `<line x1="0" y1="${i * u}" x2="${size}" y2="${i * u}" stroke="${brandColors.brand[200]}" stroke-width="1"/>`,
    );
  }
  const guide = brandColors.sun[500];
  return [
    svgOpen(size, size, 'Ploom mark construction grid'),
    `<rect width="${size}" height="${size}" fill="#ffffff"/>`,
    ...grid,
    markShapes({ ...logoPalettes.primary, tile: brandColors.brand[600] }, 0, 0, size),
    `<line x1="${16 * u}" y1="0" x2="${16 * u}" y2="${size}" stroke="${guide}" stroke-width="2" stroke-dasharray="8 6"/>`,
    `<circle cx="${9 * u}" cy="${9 * u}" r="${9 * u}" fill="none" stroke="${guide}" stroke-width="2" stroke-dasharray="8 6"/>`,
    `<line x1="0" y1="${17 * u}" x2="${size}" y2="${17 * u}" stroke="${guide}" stroke-width="2" stroke-dasharray="8 6"/>`,
    '</svg>',
  ].join('');
}

/** A data: URL for an SVG string, for <img src> and download links. */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
