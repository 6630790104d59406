import fs from 'node:fs';

/**
 * The Chromium the browser tests run: Debian's headless shell where installed (the lean headless
 * Chromium that Playwright itself runs by default, without the full browser's window compositing:
 * about half the CPU), else Debian's Chromium, else Playwright's own browser.
 */
export const chromiumPath: string | undefined = [
  '/usr/bin/chromium-headless-shell',
  '/usr/bin/chromium',
].find((file) => fs.existsSync(file));
