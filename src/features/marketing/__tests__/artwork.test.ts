import { describe, expect, it } from 'vitest';
import tailwindConfig from '../../../../tailwind.config';
import { adCreatives, creativeFormats } from '@/content/marketing';
import { colorSwatches, contrastRatio } from '../lib/design-tokens';
import { creativeSvg, wrapText } from '../lib/creative-svg';
import { logoLockupSvg } from '../lib/logo-svg';

describe('design tokens', () => {
  it('lists every colour of the Tailwind theme, so the brand page shows what the site uses', () => {
    const swatches = colorSwatches().flatMap((group) => group.swatches);
    const brand = tailwindConfig.theme.extend.colors.brand;
    expect(swatches).toContainEqual({ token: 'brand-700', hex: brand[700] });
    expect(swatches).toContainEqual({ token: 'ink', hex: tailwindConfig.theme.extend.colors.ink.DEFAULT });
    expect(swatches).toContainEqual({ token: 'cream', hex: tailwindConfig.theme.extend.colors.cream });
  });

  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 1);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 1);
    // The primary button colour carries white text at AA.
    expect(contrastRatio(tailwindConfig.theme.extend.colors.brand[700], '#ffffff')).toBeGreaterThanOrEqual(
      4.5,
    );
  });
});

describe('artwork', () => {
  it('wraps text on spaces within the width', () => {
    expect(wrapText('Now enrolling our first 25 families', 16)).toEqual([
      'Now enrolling',
      'our first 25',
      'families',
    ]);
    expect(wrapText('short', 16)).toEqual(['short']);
  });

  it('draws each creative at its exact size with its copy escaped', () => {
    for (const creative of adCreatives) {
      for (const format of creativeFormats) {
        const svg = creativeSvg(creative, format.width, format.height);
        expect(svg).toContain(`width="${format.width}" height="${format.height}"`);
        const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
        expect(doc.querySelector('parsererror')).toBeNull();
        const text = [...doc.querySelectorAll('text')].map((t) => t.textContent).join(' ');
        expect(text).toContain(creative.imageCta);
        for (const word of creative.imageHeadline.split(' ')) expect(text).toContain(word);
      }
    }
  });

  it('the logo lockup is well-formed SVG with the brand name', () => {
    const doc = new DOMParser().parseFromString(logoLockupSvg('primary'), 'image/svg+xml');
    expect(doc.querySelector('parsererror')).toBeNull();
    expect(doc.querySelector('text')?.textContent).toBe('Ploom');
  });
});
