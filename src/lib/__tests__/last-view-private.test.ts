import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepLastView, viewHtml } from '../last-view';
import { LAST_VIEW_DRAW_SCRIPT, LAST_VIEW_KEY, lastViewStartScript } from '../last-view-script';
import { holdSession } from '@/test/held-session';

/**
 * The kept views hold nothing a person wrote, go when the session has ended, and are drawn without
 * ever running what they hold (decision 230).
 */

type Shell = Window & { __ploomLastView?: string };
const shell = window as unknown as Shell;

/**
 * Whether a payload's `alert(1)` has run since the last call. The page's inline handlers run in the
 * page's own global (jsdom's, not the test's): a script sets its `alert` to leave a mark.
 */
function watchAlerts(): () => boolean {
  const script = document.createElement('script');
  script.textContent =
    'window.alert = function () { document.documentElement.setAttribute("data-alerted", "") };';
  document.head.append(script);
  return () => {
    const alerted = document.documentElement.hasAttribute('data-alerted');
    document.documentElement.removeAttribute('data-alerted');
    return alerted;
  };
}

const kept = () => window.localStorage.getItem(LAST_VIEW_KEY);
const drawn = () => document.getElementById('last-view');

/** The app shell's head script at `place`: it decides whether to draw, and forgets ended views. */
function startShell(place: string) {
  window.history.replaceState(null, '', place);
  document.head.innerHTML = '';
  new Function(lastViewStartScript('/assets/entry.js'))();
}

/** The draw script, after a root, drawing `html` as the head script would have chosen it. */
function draw(html: string) {
  document.body.innerHTML = '<div id="root"></div>';
  shell.__ploomLastView = html;
  new Function(LAST_VIEW_DRAW_SCRIPT)();
  return drawn();
}

beforeEach(() => {
  window.localStorage.clear();
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('data-last-view');
});
afterEach(() => {
  window.history.replaceState(null, '', '/');
  delete shell.__ploomLastView;
  vi.restoreAllMocks();
});

describe('what a view keeps', () => {
  it('withholds what a person wrote: marked text, field values, drafts and labels that quote them', () => {
    const root = document.createElement('div');
    root.innerHTML =
      '<main><h1>Messages</h1>' +
      '<ol><li><p class="text-xs">Jordan · 9:14 AM</p>' +
      '<p class="whitespace-pre-wrap" data-free-text="true" title="Bedtime was hard">' +
      '<span>Bedtime was hard again on Tuesday</span> <a href="https://example.com/x">link</a></p></li></ol>' +
      '<p>Rewards: <span data-free-text>Pick the Friday film</span> · <strong>20</strong> points</p>' +
      '<button aria-label="Remove the reward Pick the Friday film">Remove</button>' +
      '<div role="progressbar" aria-valuetext="12 of 20 points" aria-label="Pick the Friday film"></div>' +
      '<input value="Calmer bedtimes"><input type="password" value="s3cret">' +
      '<textarea>Draft: a note about Mia</textarea>' +
      '<img alt="Mia drawing a calm balloon" src="/logo.svg"></main>';

    const html = viewHtml(root);
    for (const written of [
      'Bedtime was hard',
      'Pick the Friday film',
      'Calmer bedtimes',
      's3cret',
      'Draft: a note',
      'calm balloon',
      'example.com',
    ]) {
      expect(html).not.toContain(written);
    }
    const copy = document.createElement('div');
    copy.innerHTML = html;
    // The place stays, empty and marked, with its layout; the app's own words stay.
    const withheld = copy.querySelectorAll('[data-withheld]');
    expect(withheld).toHaveLength(2);
    expect(withheld[0]?.outerHTML).toBe(
      '<p class="whitespace-pre-wrap" data-free-text="true" data-withheld=""></p>',
    );
    expect(copy.textContent).toContain('Jordan · 9:14 AM');
    expect(copy.textContent).toContain('Rewards:  · 20 points');
    expect(copy.querySelector('textarea')?.textContent).toBe('');
    expect(copy.querySelector('img')?.getAttribute('src')).toBe('/logo.svg');
  });

  it('is kept without the free text of the screen it shows', () => {
    holdSession('u1', 's1');
    document.body.innerHTML =
      '<div id="root"><main><h1>Mia</h1><blockquote><p data-free-text>We drew a bedtime plan</p></blockquote></main></div>';
    expect(keepLastView('/app')).toBe(true);
    expect(kept()).toContain('Mia');
    expect(kept()).not.toContain('bedtime plan');
  });
});

describe('when the kept views are forgotten', () => {
  beforeEach(() => {
    holdSession('u1', 's1');
    document.body.innerHTML = '<div id="root"><main>Mia’s week</main></div>';
    keepLastView('/app');
    expect(kept()).not.toBeNull();
  });

  it('on any page of the shell, once no session is held (signed out, ended, reset)', () => {
    window.localStorage.clear();
    window.localStorage.setItem(LAST_VIEW_KEY, JSON.stringify({ user: 'u1', session: 's1', views: {} }));
    startShell('/login');
    expect(kept()).toBeNull();
  });

  it('once the session held is another sign-in session, or another person’s', () => {
    holdSession('u1', 's2');
    startShell('/app');
    expect(kept()).toBeNull();

    holdSession('u1', 's1');
    keepLastView('/app');
    holdSession('u2', 's1');
    startShell('/admin');
    expect(kept()).toBeNull();
  });

  it('once the session held has no readable token', () => {
    window.localStorage.setItem(
      Object.keys(window.localStorage).find((key) => key.startsWith('sb-'))!,
      JSON.stringify({ access_token: 'not-a-token', user: { id: 'u1' } }),
    );
    startShell('/app');
    expect(kept()).toBeNull();
  });

  it('not while the same session’s access token has merely expired: supabase-js refreshes it', () => {
    holdSession('u1', 's1', -600);
    startShell('/app');
    expect(kept()).not.toBeNull();
    expect(shell.__ploomLastView).toBeUndefined();

    holdSession('u1', 's1');
    startShell('/app');
    expect(shell.__ploomLastView).toContain('Mia’s week');
    // A page outside the areas keeps them too.
    startShell('/login');
    expect(kept()).not.toBeNull();
  });
});

/** Mutation-XSS payloads: each runs `alert(1)` if drawn through innerHTML (or parsed twice). */
const PAYLOADS = [
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<svg><style><img src=x onerror=alert(1)></style></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
  '<template><img src=x onerror=alert(1)></template>',
  '<a href="javascript:alert(1)">x</a>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<iframe srcdoc="<script>alert(1)</script>">',
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  '<details open ontoggle=alert(1)>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<a href="  java\tscript:alert(1)">x</a><a href="/\\evil.example/">y</a><a href="//evil.example/">z</a>',
  '<img src="//evil.example/x.png"><img src="https://evil.example/x.png"><img src="/\tx.png">',
  '<base href="/x/"><meta http-equiv="refresh" content="0;url=javascript:alert(1)"><link rel=stylesheet href=/x.css>',
  '<style>*{display:none}</style><p style="position:fixed;inset:0">cover</p>',
  '<button formaction="javascript:alert(1)" form=f>x</button><form id=f action="javascript:alert(1)"></form>',
  '<p data-free-text>Something a person wrote</p>',
];

/** Everything drawn under `view` that could run or load something, in words (empty when nothing). */
function hazards(view: Element): string[] {
  const found: string[] = [];
  for (const element of view.querySelectorAll('*')) {
    if (/^(script|style|iframe|template|noscript|object|embed|base|meta|link|math)$/i.test(element.localName))
      found.push(`<${element.localName}>`);
    if (element.namespaceURI === 'http://www.w3.org/1998/Math/MathML')
      found.push(`MathML <${element.localName}>`);
    for (const { name, value } of element.attributes) {
      if (/^on/i.test(name)) found.push(`${name} on <${element.localName}>`);
      if (/^(formaction|action|srcdoc|xlink:href|form|id|name)$/i.test(name)) found.push(`${name} kept`);
      if (/script:/i.test(value.replace(/\s/g, ''))) found.push(`${name}="${value}"`);
      if ((name === 'href' || name === 'src') && /^(\/[/\\]|[a-z]+:(?!\/\/))/i.test(value.trim()))
        found.push(`${name}="${value}"`);
      if (name === 'src' && !value.startsWith('/')) found.push(`src="${value}"`);
      if (name === 'style' && !/^width: ?[\d.]+%;?$/.test(value)) found.push(`style="${value}"`);
    }
  }
  if (/Something a person wrote/.test(view.textContent ?? '')) found.push('free text drawn');
  return found;
}

/** Fires what would set a drawn handler off: loads, errors, toggles, presses, focus. */
async function provoke(view: Element) {
  for (const element of [view, ...view.querySelectorAll('*')]) {
    for (const type of ['error', 'load', 'toggle', 'click', 'focus', 'begin', 'mouseover'])
      element.dispatchEvent(new Event(type));
  }
  await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('drawing a kept view (the app shell’s draw script)', () => {
  it('runs none of the mutation-XSS payloads, and keeps nothing that could', async () => {
    const alerted = watchAlerts();
    for (const payload of PAYLOADS) {
      const view = draw(`<main><h1>Mia</h1>${payload}</main>`);
      expect(view, payload).not.toBeNull();
      expect(view?.querySelector('main h1')?.textContent, payload).toBe('Mia');
      expect(hazards(view!), payload).toEqual([]);
      await provoke(view!);
      expect(alerted(), payload).toBe(false);
    }
    // Each payload in one view, as a hostile storage entry might hold them.
    const view = draw(PAYLOADS.join(''));
    expect(hazards(view!)).toEqual([]);
    await provoke(view!);
    expect(alerted()).toBe(false);
  });

  it('would have run them through innerHTML (so the check above can see a run)', async () => {
    const alerted = watchAlerts();
    // The first is mutation XSS proper: inert as parsed by DOMParser (a <p> with a title), an image
    // with a handler once the same string is parsed again where scripts run.
    for (const payload of [PAYLOADS[0]!, PAYLOADS[8]!]) {
      document.body.innerHTML = '<div id="last-view"></div>';
      drawn()!.innerHTML = payload;
      await provoke(drawn()!);
      expect(alerted(), payload).toBe(true);
    }
  });

  it('keeps what the app’s screens draw: their classes, icons, charts, links, bars and placeholders', () => {
    const screen =
      '<nav class="flex gap-2" aria-hidden="true"><a class="link" href="/app/messages">Messages</a>' +
      '<a href="#main">Skip</a><a href="https://ploom.example/help">Help</a></nav>' +
      '<main data-state="open"><h1 class="font-display">Hi Mia</h1>' +
      '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" ' +
      'stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide">' +
      '<path d="M5 12h14"></path><circle cx="12" cy="12" r="10"></circle><polyline points="1,2 3,4"></polyline>' +
      '<text x="4" y="8" text-anchor="end" font-size="12">75</text></svg>' +
      '<table><tr><td colspan="2">Row</td></tr></table>' +
      '<div role="progressbar"><div class="h-full" style="width: 40%"></div></div>' +
      '<input type="checkbox" checked disabled><img src="/logo.svg" alt="">' +
      '<p class="italic" data-free-text="true" data-withheld=""></p></main>';
    const view = draw(screen)!;
    expect(view.hasAttribute('inert')).toBe(true);
    expect(view.getAttribute('aria-hidden')).toBe('true');
    expect(view.nextElementSibling?.id).toBe('root');
    expect(view.querySelector('a.link')?.getAttribute('href')).toBe('/app/messages');
    expect(view.querySelector('a[href="#main"]')).not.toBeNull();
    expect(view.querySelector('a[href="https://ploom.example/help"]')).not.toBeNull();
    const svg = view.querySelector('svg')!;
    expect(svg.namespaceURI).toBe('http://www.w3.org/2000/svg');
    expect(svg.getAttribute('viewBox')).toBe('0 0 24 24');
    expect(svg.getAttribute('stroke-width')).toBe('2');
    expect(view.querySelectorAll('svg path, svg circle, svg polyline, svg text')).toHaveLength(4);
    expect(view.querySelector('text')?.getAttribute('text-anchor')).toBe('end');
    expect(view.querySelector('td')?.getAttribute('colspan')).toBe('2');
    expect(view.querySelector('[role="progressbar"] div')?.getAttribute('style')).toBe('width: 40%');
    expect(view.querySelector('input')?.hasAttribute('checked')).toBe(true);
    expect(view.querySelector('img')?.getAttribute('src')).toBe('/logo.svg');
    expect(view.querySelector('[data-withheld]')?.className).toBe('italic');
    expect(view.querySelector('main')?.getAttribute('data-state')).toBe('open');
    expect(view.textContent).toBe('MessagesSkipHelpHi Mia75Row');
  });
});
