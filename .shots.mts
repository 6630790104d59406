import { chromium } from '@playwright/test';
const base = process.env.BASE ?? 'http://127.0.0.1:5973';
const pages = (process.env.PAGES ?? '/quiz').split(',');
const widths = (process.env.WIDTHS ?? '375,1280').split(',').map(Number);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const width of widths) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  page.on('console', (m) => { if (m.type() === 'error') console.log('console error', m.text()); });
  page.on('pageerror', (e) => console.log('page error', e.message));
  for (const p of pages) {
    await page.goto(base + p, { waitUntil: 'networkidle' });
    await page.locator('main h1').first().waitFor(); await page.waitForTimeout(400);
    const name = `/tmp/shots/${p.replace(/\//g, '_') || 'root'}-${width}.png`;
    await page.screenshot({ path: name, fullPage: process.env.FULL === '1' });
    console.log(name, await page.locator('h1').first().textContent());
  }
  await page.close();
}
await browser.close();
