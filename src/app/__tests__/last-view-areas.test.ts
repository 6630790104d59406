import { beforeEach, describe, expect, it } from 'vitest';
import { keepLastView } from '@/lib/last-view';
import { LAST_VIEW_DRAW_SCRIPT, lastViewStartScript } from '@/lib/last-view-script';
import { withLastView } from '../../../scripts/prerender';
import { holdSession } from '@/test/held-session';
import { AREA_PREFIXES } from '../routes.manifest';

beforeEach(() => window.localStorage.clear());

describe("the app shell's last-view script (decision 217)", () => {
  it('draws in every signed-in area the router knows', () => {
    holdSession('u1', 's1');
    for (const prefix of AREA_PREFIXES) {
      window.history.replaceState(null, '', prefix);
      document.body.innerHTML = '<div id="root"><main>Here</main></div>';
      keepLastView(prefix);
      new Function(lastViewStartScript('/assets/entry.js'))();
      document.body.innerHTML = '<div id="root"></div>';
      new Function(LAST_VIEW_DRAW_SCRIPT)();
      expect(document.getElementById('last-view')?.textContent, prefix).toBe('Here');
    }
    window.history.replaceState(null, '', '/');
  });

  it('draws no free text and nothing that runs, and never through innerHTML (decision 230)', () => {
    holdSession('u1', 's1');
    for (const prefix of AREA_PREFIXES) {
      window.history.replaceState(null, '', prefix);
      document.body.innerHTML =
        '<div id="root"><main><h2 title="Mia">Mia</h2><p data-free-text>Bedtime was hard</p>' +
        '<p>&lt;img src=x onerror=alert(1)&gt;</p></main></div>';
      keepLastView(prefix);
      new Function(lastViewStartScript('/assets/entry.js'))();
      document.body.innerHTML = '<div id="root"></div>';
      new Function(LAST_VIEW_DRAW_SCRIPT)();
      const view = document.getElementById('last-view');
      expect(view?.textContent, prefix).toBe('Mia<img src=x onerror=alert(1)>');
      expect(view?.querySelector('img, [title]'), prefix).toBeNull();
      expect(view?.querySelector('[data-withheld]'), prefix).not.toBeNull();
    }
    expect(LAST_VIEW_DRAW_SCRIPT).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write/);
    window.history.replaceState(null, '', '/');
  });
});

describe('the app shell built with its last view (withLastView)', () => {
  const shell =
    '<html><head><script type="module" crossorigin src="/assets/index-e.js"></script>' +
    '<link rel="stylesheet" href="/assets/index.css"></head>' +
    '<body><div id="root"><div role="status">Loading...</div></div></body></html>';

  it("puts the start script in the entry's place and the draw script after the root", () => {
    const html = withLastView(shell);
    expect(html).not.toContain('<script type="module"');
    const start = html.indexOf(lastViewStartScript('/assets/index-e.js'));
    expect(start).toBeGreaterThan(html.indexOf('<head>'));
    expect(start).toBeLessThan(html.indexOf('<link rel="stylesheet"'));
    expect(html.indexOf(LAST_VIEW_DRAW_SCRIPT)).toBeGreaterThan(html.indexOf('Loading...</div></div>'));
    expect(html.indexOf(LAST_VIEW_DRAW_SCRIPT)).toBeLessThan(html.indexOf('</body>'));
  });

  it('fails the build on a shell without its entry script', () => {
    expect(() => withLastView('<html><head></head><body></body></html>')).toThrow(/entry script/);
  });
});
