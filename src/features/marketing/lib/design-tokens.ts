import tailwindConfig from '../../../../tailwind.config';

/**
 * The design tokens exactly as the site's Tailwind theme defines them, so the brand guidelines
 * and the generated artwork always show what the site really uses.
 */
const { colors, fontFamily } = tailwindConfig.theme.extend;

export const brandColors = colors;
export const fontStacks = fontFamily;

export interface Swatch {
  /** The Tailwind class name part, e.g. "brand-700". */
  token: string;
  hex: string;
}

/** Every colour token as a flat list: brand-50 ... ink-muted, cream. */
export function colorSwatches(): { group: string; swatches: Swatch[] }[] {
  return Object.entries(colors).map(([group, value]) => ({
    group,
    swatches:
      typeof value === 'string'
        ? [{ token: group, hex: value }]
        : Object.entries(value).map(([shade, hex]) => ({
            token: shade === 'DEFAULT' ? group : `${group}-${shade}`,
            hex,
          })),
  }));
}

/** WCAG relative luminance of a #rrggbb colour. */
export function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}
