import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { watchTree } from './site-rebuild.ts';

/**
 * `npm start` builds the site again when a source changes: every save must be seen, however the
 * editor writes it, in any folder, including one made after the watch began.
 */
describe('watchTree', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ploom-watch-test-'));
  let watch: { close(): void } | undefined;
  afterEach(() => {
    watch?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('sees every save of a file, written in place or renamed over it, and files in new folders', async () => {
    fs.mkdirSync(path.join(root, 'content'), { recursive: true });
    const file = path.join(root, 'content', 'legal.ts');
    fs.writeFileSync(file, 'export const title = 1;');
    const seen: string[] = [];
    watch = watchTree(root, (name) => seen.push(name));
    const saved = async (save: () => void, name: string) => {
      seen.length = 0;
      save();
      await expect.poll(() => seen.includes(name), { timeout: 5000 }).toBe(true);
    };
    const renamedOver = (text: string) => () => {
      fs.writeFileSync(`${file}.tmp`, text);
      fs.renameSync(`${file}.tmp`, file);
    };

    await saved(renamedOver('export const title = 2;'), 'content/legal.ts');
    await saved(renamedOver('export const title = 3;'), 'content/legal.ts');
    await saved(() => fs.writeFileSync(file, 'export const title = 4;'), 'content/legal.ts');
    await saved(() => fs.mkdirSync(path.join(root, 'content', 'pages')), 'content/pages');
    await saved(
      () => fs.writeFileSync(path.join(root, 'content', 'pages', 'faq.ts'), 'export {};'),
      'content/pages/faq.ts',
    );
  });
});
