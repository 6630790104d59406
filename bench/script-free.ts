import fs from 'node:fs';
import path from 'node:path';

/**
 * The floor for the landing pages' speed: the same prerendered pages with every script removed
 * (module scripts and their preloads), so only HTML, CSS, fonts and images remain. What a page
 * measures above this floor is the cost of its JavaScript.
 *   writeScriptFree(distDir, outDir) copies the build with the scripts stripped from each page.
 */
export function stripScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>\s*/g, '')
    .replace(/<link\s+rel="modulepreload"[^>]*>\s*/g, '')
    .replace(' data-prerendered=""', '');
}

export function writeScriptFree(distDir: string, outDir: string) {
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.cpSync(distDir, outDir, { recursive: true });
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.html'))
        fs.writeFileSync(file, stripScripts(fs.readFileSync(file, 'utf8')));
    }
  };
  walk(outDir);
}
