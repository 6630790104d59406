import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSignupEnabledWhenIdle } from '../hooks/use-signup-enabled-when-idle';

const world = vi.hoisted(() => {
  const listeners = new Set<() => void>();
  return {
    idleTasks: [] as (() => void)[],
    followed: [] as string[],
    value: undefined as boolean | undefined,
    listeners,
    set(value: boolean) {
      this.value = value;
      for (const listener of listeners) listener();
    },
  };
});

vi.mock('@/lib/when-idle', () => ({
  whenIdle: (task: () => void) => {
    world.idleTasks.push(task);
    return () => undefined;
  },
}));

vi.mock('../api/get-flag', () => ({
  SIGNUP_FLAG_KEY: 'signup_enabled',
  followedFlag: (key: string) => {
    world.followed.push(key);
    return {
      subscribe: (listener: () => void) => {
        world.listeners.add(listener);
        return () => world.listeners.delete(listener);
      },
      snapshot: () => world.value,
    };
  },
}));

function Probe() {
  return <p>{useSignupEnabledWhenIdle() ? 'open' : 'closed'}</p>;
}

describe('useSignupEnabledWhenIdle', () => {
  it('reads as closed until the page is idle, then follows the signup_enabled flag', async () => {
    world.value = true;
    render(<Probe />);
    // Before the page is idle, the flag's code is not even fetched.
    expect(screen.getByText('closed')).toBeInTheDocument();
    expect(world.followed).toEqual([]);

    await act(async () => world.idleTasks.forEach((task) => task()));
    expect(await screen.findByText('open')).toBeInTheDocument();
    expect(world.followed).toEqual(['signup_enabled']);

    act(() => world.set(false));
    expect(screen.getByText('closed')).toBeInTheDocument();
    act(() => world.set(true));
    expect(screen.getByText('open')).toBeInTheDocument();

    // The next page's nav (a navigation): the known value on its first render, no closed flash.
    const second = document.createElement('div');
    document.body.append(second);
    render(<Probe />, { container: second });
    expect(second).toHaveTextContent('open');
    expect(world.followed).toEqual(['signup_enabled']);
  });
});
