import { site } from '@/config/site';
import { brandColors, fontStacks } from './design-tokens';
import { logoPalettes, markShapes } from './logo-svg';

const fontFamily = fontStacks.display.join(', ').replaceAll('"', "'");

/**
 * The Facebook cover. Facebook crops the sides on phones, so the words stay in the middle
 * two thirds.
 */
export function facebookCoverSvg(width: number, height: number): string {
  const cx = width / 2;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="${width}" height="${height}" fill="${brandColors.brand[800]}"/>`,
    `<circle cx="${width * 0.08}" cy="${height * 0.95}" r="${height * 0.55}" fill="${brandColors.brand[700]}"/>`,
    `<circle cx="${width * 0.95}" cy="${height * 0.05}" r="${height * 0.45}" fill="${brandColors.brand[700]}"/>`,
    markShapes(logoPalettes.reversed, cx - 60, height * 0.16, 120),
    `<text x="${cx}" y="${height * 0.6}" text-anchor="middle" font-family="${fontFamily}" font-size="78" font-weight="800" fill="#ffffff">Steadier kids. Calmer homes.</text>`,
    `<text x="${cx}" y="${height * 0.76}" text-anchor="middle" font-family="${fontFamily}" font-size="40" font-weight="600" fill="${brandColors.brand[100]}">${site.tagline}</text>`,
    '</svg>',
  ].join('');
}
