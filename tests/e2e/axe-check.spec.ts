import { axeViolations, expect, test } from './support/fixtures.ts';

/**
 * The accessibility check every spec relies on (support/fixtures.ts) finds what it is there to find:
 * an image without a text alternative and text too faint to read, each named with its element, and
 * nothing outside the part of the page it is asked to look at.
 */
test('axe names an image without alt text and faint text, and keeps to the part it is given', async ({
  page,
}) => {
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Privacy Policy/);
  expect(await axeViolations(page)).toEqual([]);

  // Outside the app's root, which React owns (a node of its own there would be a hydration mismatch).
  await page.evaluate(() => {
    const faulty = document.createElement('div');
    faulty.id = 'faulty';
    faulty.innerHTML =
      '<img id="no-alt" src="/favicon.svg" width="20" height="20"><p id="faint" style="color:#ddd;background:#fff">Faint words</p>';
    document.body.append(faulty);
  });

  const found = await axeViolations(page);
  expect(found).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^image-alt .* at #no-alt$/),
      expect.stringMatching(/^color-contrast .* at #faint$/),
    ]),
  );
  expect(await axeViolations(page, { include: 'header' })).toEqual([]);
  expect(await axeViolations(page, { exclude: '#faulty' })).toEqual([]);
});
