import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createMemoryHistory } from '@/lib/history';
import { TestRouter } from '@/test/router';
import { SiteFooter } from '../site-footer';
import { SiteNav } from '../site-nav';

function renderAt(path: string, page: React.ReactNode = <main id="main" />) {
  const history = createMemoryHistory([path]);
  render(
    <TestRouter history={history}>
      <SiteNav accountLinks={<button type="button">Join Waitlist</button>} />
      {page}
      <SiteFooter />
    </TestRouter>,
  );
  return history;
}

describe('SiteNav', () => {
  beforeAll(() => {
    Element.prototype.scrollIntoView = vi.fn();
  });

  it('links the spec’s pages, and its scroll links lead to the landing page that has the sections', () => {
    renderAt('/about');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const hrefOf = (name: string) => within(nav).getAllByRole('link', { name })[0].getAttribute('href');
    expect(hrefOf('Programs')).toBe('/programs');
    expect(hrefOf('About')).toBe('/about');
    expect(hrefOf('FAQ')).toBe('/faq');
    expect(hrefOf('How It Works')).toBe('/coaching-home#how-it-works');
    expect(hrefOf('Why Ploom')).toBe('/coaching-home#why-ploom');
  });

  it('opens the menu as a disclosure; a link, an account button or Escape closes it', async () => {
    const user = userEvent.setup();
    renderAt('/about');
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    const menu = document.getElementById('site-nav-menu')!;
    expect(toggle).toHaveAttribute('aria-controls', 'site-nav-menu');
    expect(menu).not.toBeVisible();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(menu).toBeVisible();
    await user.click(within(menu).getByRole('link', { name: 'FAQ' }));
    expect(menu).not.toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(within(menu).getByRole('button', { name: 'Join Waitlist' }));
    expect(menu).not.toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.keyboard('{Escape}');
    expect(menu).not.toBeVisible();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();
  });
});

describe('SiteFooter', () => {
  it('names the legal pages, the disclaimer and this year', () => {
    renderAt('/');
    const footer = screen.getByRole('contentinfo');
    for (const [name, href] of [
      ['Privacy Policy', '/privacy'],
      ['Terms of Service', '/terms'],
      ['Contact', '/contact'],
      ['Brand Guidelines', '/brand-guidelines'],
    ]) {
      expect(within(footer).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(footer).toHaveTextContent('developmental education, not therapy, tutoring or medical treatment');
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Ploom`);
  });
});
