import { act, fireEvent, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryHistory } from '@/lib/history';
import { NavigationProvider } from '@/lib/navigation';
import { IntroCallOffer } from '../components/intro-call-offer';

const TOKEN = 'ab'.repeat(32);
const OFFERED = `/coaching#intro-call-token=${TOKEN}`;

function offerAt(path: string) {
  const history = createMemoryHistory([path]);
  return {
    history,
    ui: (
      <NavigationProvider history={history}>
        <IntroCallOffer />
      </NavigationProvider>
    ),
  };
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('the offer to book the intro call just requested', () => {
  it('offers the visitor with the link token to pick the time now, on the booking page the token opens', () => {
    const { ui } = offerAt(OFFERED);
    render(ui);
    const panel = screen.getByRole('region', { name: 'Pick your intro call time now' });
    expect(panel).toHaveTextContent('free 15-minute intro call');
    expect(screen.getByRole('link', { name: 'See open times' })).toHaveAttribute(
      'href',
      `/intro-call#token=${TOKEN}`,
    );
  });

  it('follows the link to the booking page in the app', () => {
    const { ui, history } = offerAt(OFFERED);
    render(ui);
    fireEvent.click(screen.getByRole('link', { name: 'See open times' }));
    expect(history.location).toMatchObject({ pathname: '/intro-call', hash: `#token=${TOKEN}` });
  });

  it('offers nothing to anyone else: no token, another fragment, or a token that is not one', () => {
    for (const path of [
      '/coaching',
      '/coaching#how-it-works',
      `/coaching#token=${TOKEN}`,
      '/coaching#intro-call-token=abc',
      `/#intro-call-token=${TOKEN}`,
      `/coaching#intro-call-token=${TOKEN.toUpperCase()}`,
    ]) {
      const { ui } = offerAt(path);
      const { container, unmount } = render(ui);
      expect(container).toBeEmptyDOMElement();
      unmount();
    }
  });

  it('is dismissed with "Not now", which also takes the token out of the address without a navigation', () => {
    window.history.replaceState({ key: 'k1', idx: 0 }, '', `${OFFERED}`);
    const { ui, history } = offerAt(OFFERED);
    render(ui);
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('region', { name: 'Pick your intro call time now' })).toBeNull();
    expect(window.location.pathname).toBe('/coaching');
    expect(window.location.hash).toBe('');
    expect(window.history.state).toEqual({ key: 'k1', idx: 0 });
    expect(history.action).toBe('POP');
  });

  it('is not in the server HTML, hydrates without a mismatch, then shows', async () => {
    const errors = vi.spyOn(console, 'error');
    const html = renderToString(offerAt(OFFERED).ui);
    expect(html).toBe('');

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    await act(async () => {
      hydrateRoot(container, offerAt(OFFERED).ui);
    });
    expect(container.querySelector('h2')).toHaveTextContent('Pick your intro call time now');
    expect(errors).not.toHaveBeenCalled();
    container.remove();
    errors.mockRestore();
  });
});
