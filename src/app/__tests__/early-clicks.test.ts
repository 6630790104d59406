import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bootScript } from '../../../scripts/prerender';
import { replayEarlyClicks } from '../early-clicks';

/** Marks an element as React's (React keeps its fiber under a `__reactFiber$…` key). */
const hydrate = (element: Element) => Object.assign(element, { __reactFiber$test: {} });

describe('clicks before hydration (the prerendered pages’ boot script and replayEarlyClicks)', () => {
  let clicks: string[];

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'performance', 'setTimeout'] });
    clicks = [];
    document.body.innerHTML = `
      <div id="root">
        <button id="menu">Menu</button>
        <a id="section" href="#pricing">Pricing</a>
        <a id="away" href="/about">About</a>
      </div>`;
    for (const id of ['menu', 'section']) {
      document.getElementById(id)!.addEventListener('click', () => clicks.push(id));
    }
    // The boot script as the build writes it into each prerendered page (its scripts never start
    // here: no paint and the timer is not run).
    new Function(bootScript('/assets/entry.js'))();
  });

  afterEach(() => {
    vi.useRealTimers();
    delete window.__ploomEarlyClicks;
    delete window.__ploomReady;
    delete window.__ploomReplay;
  });

  it('holds a click on a button made before the app runs and replays it once React owns the button', () => {
    const menu = document.getElementById('menu')!;
    menu.click();
    expect(clicks).toEqual([]);

    replayEarlyClicks();
    // The app runs, but this part of the page is not hydrated yet: still held.
    expect(clicks).toEqual([]);
    hydrate(menu);
    vi.advanceTimersToNextFrame();
    expect(clicks).toEqual(['menu']);
  });

  it('holds in-page links (their scroll and focus are the app’s) but lets other links through', () => {
    const away = document.getElementById('away')!;
    const awayEvents: boolean[] = [];
    away.addEventListener('click', (event) => {
      awayEvents.push(event.defaultPrevented);
      event.preventDefault(); // jsdom does not navigate; a browser would load /about
    });
    away.click();
    expect(awayEvents).toEqual([false]);

    const section = document.getElementById('section')!;
    section.click();
    expect(clicks).toEqual([]);
    hydrate(section);
    replayEarlyClicks();
    expect(clicks).toEqual(['section']);
  });

  it('after hydration, a click on a part still waiting for its code is held until it hydrates', () => {
    replayEarlyClicks();
    const menu = document.getElementById('menu')!;
    menu.click();
    expect(clicks).toEqual([]);
    hydrate(menu);
    vi.advanceTimersToNextFrame();
    expect(clicks).toEqual(['menu']);
    // Hydrated now: clicks go straight through.
    menu.click();
    expect(clicks).toEqual(['menu', 'menu']);
  });

  it('lets a held click through after 5 s if its part never hydrates', () => {
    document.getElementById('menu')!.click();
    replayEarlyClicks();
    vi.advanceTimersByTime(4900);
    expect(clicks).toEqual([]);
    vi.advanceTimersByTime(200);
    expect(clicks).toEqual(['menu']);
  });
});
