import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { TestRouter } from '@/test/router';
import { createBrowserHistory, createMemoryHistory, resolvePath } from '../history';
import { Link, Navigate, NavigationProvider, NavLink, useLocation, useNavigate } from '../navigation';

function Where() {
  const { pathname, search, hash, state } = useLocation();
  return <p data-testid="where">{`${pathname}${search}${hash} ${JSON.stringify(state)}`}</p>;
}

describe('resolvePath', () => {
  const from = { pathname: '/coaching/plans', search: '?a=1', hash: '#x' };
  it('keeps the current page for a hash or a search alone, and resolves relative paths', () => {
    expect(resolvePath('#faq', from)).toEqual({ pathname: '/coaching/plans', search: '', hash: '#faq' });
    expect(resolvePath('?page=2', from)).toEqual({
      pathname: '/coaching/plans',
      search: '?page=2',
      hash: '',
    });
    expect(resolvePath('/faq?q=sleep#top', from)).toEqual({
      pathname: '/faq',
      search: '?q=sleep',
      hash: '#top',
    });
    expect(resolvePath('family', from)).toEqual({ pathname: '/coaching/family', search: '', hash: '' });
    expect(resolvePath({ pathname: '/coaching-home', hash: 'pricing' }, from)).toEqual({
      pathname: '/coaching-home',
      search: '',
      hash: '#pricing',
    });
  });
});

describe('Link', () => {
  it('is a real link, followed in the app on a plain click, with its state', async () => {
    const history = createMemoryHistory(['/about']);
    render(
      <NavigationProvider history={history}>
        <Link to="/faq#sleep" state={{ from: 'about' }}>
          FAQ
        </Link>
        <Where />
      </NavigationProvider>,
    );
    const link = screen.getByRole('link', { name: 'FAQ' });
    expect(link).toHaveAttribute('href', '/faq#sleep');
    await userEvent.click(link);
    expect(screen.getByTestId('where')).toHaveTextContent('/faq#sleep {"from":"about"}');
    expect(history.action).toBe('PUSH');
  });

  it('leaves a new-tab click, another target and a download to the browser', async () => {
    const history = createMemoryHistory(['/about']);
    render(
      <NavigationProvider history={history}>
        <Link to="/faq">FAQ</Link>
        <Link to="/terms" target="_blank">
          Terms
        </Link>
        <Link to="/logo.svg" download>
          Logo
        </Link>
      </NavigationProvider>,
    );
    const user = userEvent.setup();
    const clicks: boolean[] = [];
    const onClick = (event: MouseEvent) => clicks.push(event.defaultPrevented);
    document.addEventListener('click', onClick);
    await user.keyboard('{Control>}');
    await user.click(screen.getByRole('link', { name: 'FAQ' }));
    await user.keyboard('{/Control}');
    await user.click(screen.getByRole('link', { name: 'Terms' }));
    await user.click(screen.getByRole('link', { name: 'Logo' }));
    expect(history.location.pathname).toBe('/about');
    document.removeEventListener('click', onClick);
    expect(clicks).toEqual([false, false, false]);
  });

  it('replaces the entry when it points at the current page', async () => {
    const history = createMemoryHistory(['/faq']);
    render(
      <NavigationProvider history={history}>
        <Link to="/faq">FAQ</Link>
      </NavigationProvider>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'FAQ' }));
    expect(history.action).toBe('REPLACE');
  });
});

describe('NavLink', () => {
  it('marks the current page and the pages below it, unless `end`', () => {
    render(
      <TestRouter initialEntries={['/Admin/sessions']}>
        <NavLink to="/admin" className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Overview
        </NavLink>
        <NavLink to="/admin" end>
          Overview only
        </NavLink>
        <NavLink to="/admin/sessions">Sessions</NavLink>
        <NavLink to="/">Home</NavLink>
      </TestRouter>,
    );
    expect(screen.getByRole('link', { name: 'Overview' })).toHaveClass('on');
    expect(screen.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Overview only' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Sessions' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });
});

describe('Navigate and useNavigate', () => {
  it('redirects once rendered, replacing the entry', () => {
    const history = createMemoryHistory(['/', '/child-login']);
    render(
      <NavigationProvider history={history}>
        {history.location.pathname === '/child-login' ? <Navigate to="/login" replace /> : null}
        <Where />
      </NavigationProvider>,
    );
    expect(screen.getByTestId('where')).toHaveTextContent('/login');
    act(() => history.go(-1));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/ null$/);
  });

  it('goes back and forth through the entries', async () => {
    function Buttons() {
      const navigate = useNavigate();
      return (
        <>
          <button type="button" onClick={() => navigate('/pricing')}>
            Pricing
          </button>
          <button type="button" onClick={() => navigate(-1)}>
            Back
          </button>
        </>
      );
    }
    const history = createMemoryHistory(['/']);
    render(
      <NavigationProvider history={history}>
        <Buttons />
        <Where />
      </NavigationProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Pricing' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/pricing');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/ null$/);
    expect(history.action).toBe('POP');
  });

  it('throws a clear error outside a provider', () => {
    const quiet = console.error;
    console.error = () => undefined;
    try {
      expect(() => render(<Where />)).toThrow('outside a NavigationProvider');
    } finally {
      console.error = quiet;
    }
  });
});

describe('createBrowserHistory', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('pushes real entries, keeps their state across back and forward, and hears the browser', async () => {
    window.history.replaceState(null, '', '/coaching');
    const history = createBrowserHistory();
    const seen: string[] = [];
    history.listen(() => seen.push(`${history.action} ${history.location.pathname}`));
    history.push('/pricing?plan=monthly', { from: 'coaching' });
    expect(window.location.pathname + window.location.search).toBe('/pricing?plan=monthly');
    expect(history.location.state).toEqual({ from: 'coaching' });
    const pricingKey = history.location.key;
    history.replace('#faq');
    expect(window.location.pathname + window.location.hash).toBe('/pricing#faq');
    await new Promise<void>((resolve) => {
      window.addEventListener('popstate', () => resolve(), { once: true });
      history.go(-1);
    });
    expect(history.location.pathname).toBe('/coaching');
    expect(history.location.key).toBe('default');
    expect(pricingKey).not.toBe('default');
    expect(seen).toEqual(['PUSH /pricing', 'REPLACE /pricing', 'POP /coaching']);
  });
});
