import { chromium } from '@playwright/test';
import { questions } from './src/content/quiz.ts';
const base = 'http://127.0.0.1:5973';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const width of [375, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  page.on('pageerror', (e) => console.log('page error', e.message));
  await page.goto(base + '/quiz');
  const answers = Object.fromEntries(questions.map((q, i) => [q.id, q.skill === 'focus' ? (q.reverse ? 4 : 0) : q.skill === 'confidence' ? (q.reverse ? 3 : 1) : i % 5]));
  await page.evaluate((answers) => localStorage.setItem('ploom.quiz.v1', JSON.stringify({ child: { firstName: 'Ava', age: 9 }, answers: Object.fromEntries(Object.entries(answers).slice(0, 2)), currentIndex: 2, assessmentId: null, saved: false })), answers);
  await page.goto(base + '/quiz/questions');
  await page.locator('main h1').waitFor(); await page.getByRole('radio', { name: 'Often' }).check();
  await page.screenshot({ path: `/tmp/shots/questions-${width}.png` });
  await page.evaluate((answers) => localStorage.setItem('ploom.quiz.v1', JSON.stringify({ child: { firstName: 'Ava', age: 9 }, answers, currentIndex: 15, assessmentId: null, saved: false })), answers);
  await page.goto(base + '/quiz/results');
  await page.getByText('Your results are saved.').waitFor();
  await page.getByRole('checkbox').check();
  await page.screenshot({ path: `/tmp/shots/results-${width}.png`, fullPage: true });
  await page.close();
}
await browser.close();
