/**
 * Renders the site's share images and touch icon into public/ from HTML, with the Chromium that
 * Playwright drives: og-*.png (1200×630, one per landing variant) and apple-touch-icon.png (180×180).
 *   tsx scripts/generate-brand-images.ts
 */
import { chromium } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { variants } from '../src/content/variants.ts';

const root = path.resolve(import.meta.dirname, '..');
const mark = fs.readFileSync(path.join(root, 'public', 'favicon.svg'), 'utf8');
const executablePath = fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function card(title: string, subtitle: string, pill: string) {
  return `<!doctype html><html><head><style>
  * { box-sizing: border-box; margin: 0; }
  body { width: 1200px; height: 630px; font-family: Nunito, 'DejaVu Sans', system-ui, sans-serif;
    background: linear-gradient(160deg, #effaf5 0%, #fdfaf4 60%, #fff3d6 100%); color: #1d2433;
    position: relative; overflow: hidden; }
  .sun { position: absolute; right: -120px; top: -120px; width: 420px; height: 420px; border-radius: 50%;
    background: #f7b731; opacity: .25; }
  .leaf { position: absolute; right: 80px; bottom: 110px; width: 260px; height: 260px; }
  .wrap { position: absolute; inset: 64px 72px; display: flex; flex-direction: column; }
  .brand { display: flex; align-items: center; gap: 18px; font-size: 44px; font-weight: 800; color: #18513c; }
  .brand svg { width: 64px; height: 64px; }
  .pill { margin-top: 40px; align-self: flex-start; background: #fff; border: 2px solid #b4e6d0;
    border-radius: 999px; padding: 8px 22px; font-size: 24px; font-weight: 700; color: #18513c; }
  h1 { margin-top: 22px; font-size: 68px; line-height: 1.08; font-weight: 800; max-width: 860px; letter-spacing: -1px; }
  p { margin-top: 22px; font-size: 28px; line-height: 1.35; color: #4a5468; max-width: 820px; }
  .foot { position: absolute; left: 0; right: 0; bottom: 0; height: 16px; background: #217f5b; }
  </style></head><body><div class="sun"></div>
  <svg class="leaf" viewBox="0 0 32 32"><path d="M16 17c0-4.4 3-7.4 7.5-7.4 0 4.4-3 7.4-7.5 7.4Z" fill="#b4e6d0"/><path d="M16 18.5c0-3.7-2.6-6.3-6.4-6.3 0 3.7 2.6 6.3 6.4 6.3Z" fill="#d8f3e6"/></svg>
  <div class="wrap"><div class="brand">${mark}<span>Ploom</span></div>
  <div class="pill">${escape(pill)}</div><h1>${escape(title)}</h1><p>${escape(subtitle)}</p></div>
  <div class="foot"></div></body></html>`;
}

const browser = await chromium.launch({ executablePath });
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
const subtitles: Record<string, string> = {
  home: 'Take the free 5-minute assessment. Weekly 30-minute video coaching, parents included.',
  coaching: 'Book a free 15-minute intro call. Weekly 30-minute video coaching, parents included.',
  'coaching-home': 'Now enrolling our first 1:1 Coaching families. Join the waitlist.',
  pricing: 'Three monthly plans, from 1 to 3 sessions a week. Cancel or pause any time.',
  'coaching-v2': 'Tell us about your child and we will reply within 24 hours.',
};
const pill = '1:1 coaching for kids 7-12 and their parents';
for (const variant of Object.values(variants)) {
  const subtitle = subtitles[variant.id];
  await page.setContent(
    card(variant.hero.title, subtitle, variant.id === 'pricing' ? 'Plans & Pricing' : pill),
  );
  await page.screenshot({ path: path.join(root, 'public', variant.meta.image.slice(1)) });
  console.log(`wrote public${variant.meta.image}`);
}

await page.setViewportSize({ width: 180, height: 180 });
await page.setContent(
  `<!doctype html><html><body style="margin:0;width:180px;height:180px;background:#217f5b">
  <svg viewBox="4 4 24 24" width="180" height="180">${mark.replace(/<\/?svg[^>]*>/g, '').replace(/<rect[^>]*>/, '')}</svg></body></html>`,
);
await page.screenshot({ path: path.join(root, 'public', 'apple-touch-icon.png') });
console.log('wrote public/apple-touch-icon.png');
await browser.close();
