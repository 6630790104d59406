import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TestRouter } from '@/test/router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { variants, type VariantId } from '@/content/variants';
import { LandingPage } from '../components/landing-page';

/** Renders a landing page with its sections below the hero, which load as a module of their own. */
async function renderVariant(id: VariantId) {
  const result = render(
    <TestRouter initialEntries={[variants[id].path]}>
      <LandingPage
        variant={variants[id]}
        newsletter={<p>newsletter form</p>}
        contactForm={
          <form aria-label="Contact">
            <label>
              Name <input name="name" />
            </label>
          </form>
        }
        accountLinks={<a href="/login">Login</a>}
      />
    </TestRouter>,
  );
  await act(async () => {
    await import('../components/below-fold');
  });
  return result;
}

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

const card = (plan: string) => screen.getByRole('listitem', { name: plan });

describe('LandingPage', () => {
  beforeAll(() => {
    // jsdom does not lay out, so it has no scrollIntoView.
    Element.prototype.scrollIntoView = vi.fn();
  });
  beforeEach(() => window.history.replaceState(null, '', '/'));

  it.each([
    ['home', '$400', 'Steady Growth', paths.quiz],
    ['coaching', '$375', 'Steady Growth', paths.requestFitCall],
    ['coaching-home', '$350', 'Focused Progress', paths.waitlist],
    ['pricing', '$350', 'Focused Progress', paths.waitlist],
  ] as const)('%s: Steady Growth at %s, badge on %s, plan buttons to %s', async (id, price, popular, to) => {
    scrollTo(0);
    await renderVariant(id);
    expect(within(card('Steady Growth')).getByTestId('plan-price')).toHaveTextContent(price);
    expect(within(card('Focused Progress')).getByTestId('plan-price')).toHaveTextContent('$650');
    expect(within(card('Intensive Momentum')).getByTestId('plan-price')).toHaveTextContent('$900');
    expect(within(card(popular)).getByText('Most Popular')).toBeInTheDocument();
    expect(screen.getAllByText('Most Popular')).toHaveLength(1);
    for (const plan of ['Steady Growth', 'Focused Progress', 'Intensive Momentum']) {
      expect(within(card(plan)).getByRole('link')).toHaveAttribute('href', to);
    }
    expect(
      within(document.getElementById('pricing')!).getByText(
        'Monthly plans can be cancelled or paused at any time.',
      ),
    ).toBeInTheDocument();
  });

  it('home: every main button goes to the quiz', async () => {
    scrollTo(0);
    await renderVariant('home');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Steadier Kids. Calmer Homes. Starting Now.',
    );
    const quizLinks = screen
      .getAllByRole('link')
      .filter((link) => /assessment|quiz/i.test(link.textContent ?? ''));
    expect(quizLinks.length).toBeGreaterThanOrEqual(4);
    for (const link of quizLinks) expect(link).toHaveAttribute('href', paths.quiz);
    expect(screen.getByText('newsletter form')).toBeInTheDocument();
  });

  it('home: past 600 px a menu button and the sticky CTA appear; choosing a link closes the menu', async () => {
    const user = userEvent.setup();
    scrollTo(0);
    await renderVariant('home');
    expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('sticky-cta')).not.toBeInTheDocument();

    act(() => scrollTo(700));
    expect(screen.getByTestId('sticky-cta')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = document.getElementById('landing-menu')!;
    expect(menu).toBeInTheDocument();
    await user.click(within(menu).getByRole('link', { name: 'Pricing' }));
    expect(document.getElementById('landing-menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    // Keyboard focus moved to the chosen section.
    expect(document.activeElement).toBe(document.getElementById('pricing'));
  });

  it('coaching-v2: the hero button moves focus into the contact form', async () => {
    const user = userEvent.setup();
    await renderVariant('coaching-v2');
    await user.click(screen.getAllByRole('link', { name: 'Get Your Free Consultation' })[0]);
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
  });

  it('coaching-home: shows the enrolling banner, three coaches and links to waitlist, pricing and coaches', async () => {
    await renderVariant('coaching-home');
    expect(screen.getByRole('complementary', { name: 'Announcement' })).toHaveTextContent(
      'Now enrolling our first 1:1 Coaching families',
    );
    expect(screen.getByRole('heading', { name: 'Meet a few of our coaches' })).toBeInTheDocument();
    const hrefs = screen.getAllByRole('link').map((l) => l.getAttribute('href'));
    expect(hrefs).toEqual(expect.arrayContaining([paths.waitlist, paths.pricing, paths.coaches]));
  });

  it('pricing: shows the beta banner and a comparison table', async () => {
    await renderVariant('pricing');
    expect(screen.getByRole('complementary', { name: 'Announcement' })).toHaveTextContent(
      'Beta pricing for our first 25 families',
    );
    const table = screen.getByRole('table', { name: 'What each plan includes' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Feature', 'Steady Growth', 'Focused Progress', 'Intensive Momentum']);
    const row = within(table).getByRole('row', { name: /Progress reports/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Not included', 'Monthly', 'Weekly']);
  });
});
