import type { AdCreative, CreativeTheme } from '@/content/marketing';
import { brandColors, fontStacks } from './design-tokens';
import { logoPalettes, markShapes } from './logo-svg';

const fontFamily = fontStacks.display.join(', ').replaceAll('"', "'");

const themes: Record<
  CreativeTheme,
  {
    bg: string;
    blob: string;
    headline: string;
    subline: string;
    ctaBg: string;
    ctaText: string;
    word: string;
  }
> = {
  green: {
    bg: brandColors.brand[800],
    blob: brandColors.brand[700],
    headline: '#ffffff',
    subline: brandColors.brand[100],
    ctaBg: brandColors.sun[400],
    ctaText: brandColors.ink.DEFAULT,
    word: '#ffffff',
  },
  sun: {
    bg: brandColors.sun[100],
    blob: brandColors.sun[400],
    headline: brandColors.ink.DEFAULT,
    subline: brandColors.ink.muted,
    ctaBg: brandColors.brand[700],
    ctaText: '#ffffff',
    word: brandColors.brand[800],
  },
  cream: {
    bg: brandColors.cream,
    blob: brandColors.brand[100],
    headline: brandColors.brand[900],
    subline: brandColors.ink.muted,
    ctaBg: brandColors.brand[700],
    ctaText: '#ffffff',
    word: brandColors.brand[800],
  },
};

function escapeXml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
}

/**
 * Breaks text into lines of at most `maxChars` characters, on spaces. SVG text does not wrap by
 * itself; this keeps the copy inside the artwork for any headline length the team writes.
 */
export function wrapText(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (!line) line = word;
    else if ((line + ' ' + word).length <= maxChars) line += ' ' + word;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** One ad creative as a standalone SVG at the format's pixel size. */
export function creativeSvg(creative: AdCreative, width: number, height: number): string {
  const t = themes[creative.theme];
  const square = height / width > 0.8;
  const pad = Math.round(width * 0.07);
  const headlineSize = square ? 96 : 68;
  const sublineSize = square ? 44 : 32;
  const textWidth = square ? width - pad * 2 : width * 0.62;
  // Nunito's bold glyphs average a little over half an em wide.
  const headlineLines = wrapText(creative.imageHeadline, Math.floor(textWidth / (headlineSize * 0.56)));
  const sublineLines = wrapText(creative.imageSubline, Math.floor(textWidth / (sublineSize * 0.5)));

  const logoSize = square ? 88 : 64;
  let y = pad + logoSize + (square ? 120 : 70);
  const headline = headlineLines
    .map((line, i) => {
      const text = `<text x="${pad}" y="${y + i * headlineSize * 1.12}" font-family="${fontFamily}" font-size="${headlineSize}" font-weight="800" fill="${t.headline}">${escapeXml(line)}</text>`;
      return text;
    })
    .join('');
  y += (headlineLines.length - 1) * headlineSize * 1.12 + sublineSize * 2;
  const subline = sublineLines
    .map(
      (line, i) =>
        `<text x="${pad}" y="${y + i * sublineSize * 1.25}" font-family="${fontFamily}" font-size="${sublineSize}" font-weight="600" fill="${t.subline}">${escapeXml(line)}</text>`,
    )
    .join('');

  const ctaSize = square ? 40 : 30;
  const ctaWidth = Math.round(creative.imageCta.length * ctaSize * 0.58 + ctaSize * 2);
  const ctaHeight = Math.round(ctaSize * 2.2);
  const ctaY = height - pad - ctaHeight;
  const cta = [
    `<rect x="${pad}" y="${ctaY}" width="${ctaWidth}" height="${ctaHeight}" rx="${ctaHeight / 2}" fill="${t.ctaBg}"/>`,
    `<text x="${pad + ctaWidth / 2}" y="${ctaY + ctaHeight / 2 + ctaSize * 0.35}" text-anchor="middle" font-family="${fontFamily}" font-size="${ctaSize}" font-weight="800" fill="${t.ctaText}">${escapeXml(creative.imageCta)}</text>`,
  ].join('');

  const logo = [
    markShapes(logoPalettes.primary, pad, pad, logoSize),
    `<text x="${pad + logoSize * 1.2}" y="${pad + logoSize * 0.74}" font-family="${fontFamily}" font-size="${logoSize * 0.72}" font-weight="800" fill="${t.word}">Ploom</text>`,
  ].join('');

  // Two soft leaf shapes in the corner, echoing the mark.
  const r = square ? 360 : 300;
  const decoration = [
    `<circle cx="${width - r * 0.35}" cy="${square ? height - r * 0.35 : r * 0.6}" r="${r}" fill="${t.blob}" opacity="0.55"/>`,
    `<g transform="translate(${width - (square ? 300 : 290)} ${square ? height - 330 : 140}) scale(${square ? 9 : 7.5})">`,
    `<path d="M16 17c0-4.4 3-7.4 7.5-7.4 0 4.4-3 7.4-7.5 7.4Z" fill="${brandColors.sun[400]}"/>`,
    `<path d="M16 18.5c0-3.7-2.6-6.3-6.4-6.3 0 3.7 2.6 6.3 6.4 6.3Z" fill="${brandColors.brand[200]}"/>`,
    `<path d="M16 25v-8" stroke="${brandColors.brand[600]}" stroke-width="1.6" stroke-linecap="round"/>`,
    '</g>',
  ].join('');

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="${width}" height="${height}" fill="${t.bg}"/>`,
    decoration,
    logo,
    headline,
    subline,
    cta,
    '</svg>',
  ].join('');
}
