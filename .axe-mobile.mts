import { chromium } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
const page = await context.newPage();
for (const p of ['/quiz', '/quiz/questions', '/about', '/programs', '/faq', '/contact', '/privacy', '/terms', '/brand-guidelines', '/process-logo', '/facebook-assets', '/ad-creatives', '/test-email']) {
  await page.goto('http://127.0.0.1:6200' + p);
  await page.locator('main h1').first().waitFor();
  const r = await new AxeBuilder({ page }).analyze();
  console.log(p, r.violations.map((v) => v.id + ':' + v.nodes.map((n) => n.target).join(',')).join(' ; ') || 'clean');
}
await browser.close();
