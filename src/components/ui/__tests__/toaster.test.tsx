import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Toaster } from '../toaster';
import { TOAST_LIMIT, phoneToastPlacement, resetToasts, toast } from '../toast-store';

/** A phone's window: 390 × 844. */
const PHONE = { width: 390, height: 844 };
let saved = { width: window.innerWidth, height: window.innerHeight };

beforeEach(() => {
  saved = { width: window.innerWidth, height: window.innerHeight };
  Object.assign(window, { innerWidth: PHONE.width, innerHeight: PHONE.height });
});
afterEach(() => {
  act(() => resetToasts());
  Object.assign(window, { innerWidth: saved.width, innerHeight: saved.height });
});

/** A form whose field sits at `top`..`top + 44` on screen, focused, and the toaster. */
function renderFormAt(top: number) {
  render(
    <>
      <label>
        Points
        <input />
      </label>
      <Toaster />
    </>,
  );
  const field = screen.getByLabelText('Points');
  field.getBoundingClientRect = () => ({ top, bottom: top + 44 }) as DOMRect;
  field.focus();
}

const column = () => document.querySelector<HTMLElement>('ol[data-placement]')!;

describe('where the toasts show on a phone', () => {
  it('go to the half of the screen the field in use is not in, and to the top with none', () => {
    expect(phoneToastPlacement(PHONE.height, { top: 700, bottom: 744 })).toBe('top');
    expect(phoneToastPlacement(PHONE.height, { top: 120, bottom: 164 })).toBe('bottom');
    expect(phoneToastPlacement(PHONE.height, null)).toBe('top');
  });

  it('a form low on the screen (the points form) gets its toast at the top, clear of the notch', () => {
    renderFormAt(700);
    act(() => void toast({ title: '7 Ploom Points awarded' }));
    expect(screen.getByText('7 Ploom Points awarded')).toBeInTheDocument();
    expect(column()).toHaveAttribute('data-placement', 'top');
    expect(column().className.split(' ')).toEqual(
      expect.arrayContaining(['top-0', 'flex-col', 'pt-[max(0.75rem,env(safe-area-inset-top))]']),
    );
    expect(column().className.split(' ')).not.toContain('bottom-0');
  });

  it('a form high on the screen gets its toast at the bottom, above the home bar', () => {
    renderFormAt(120);
    act(() => void toast({ title: 'Saved' }));
    expect(column()).toHaveAttribute('data-placement', 'bottom');
    expect(column().className.split(' ')).toEqual(
      expect.arrayContaining(['bottom-0', 'pb-[max(0.75rem,env(safe-area-inset-bottom))]']),
    );
    expect(column().className.split(' ')).not.toContain('top-0');
  });

  it('from the sm width on, stay in the bottom right corner as a narrow column', () => {
    renderFormAt(700);
    act(() => void toast({ title: 'Saved' }));
    expect(column().className.split(' ')).toEqual(
      expect.arrayContaining(['right-0', 'sm:max-w-sm', 'sm:top-auto', 'sm:bottom-0', 'sm:flex-col-reverse']),
    );
  });

  it('shows at most three at once', () => {
    renderFormAt(700);
    act(() => {
      for (const n of [1, 2, 3, 4]) toast({ title: `Toast ${n}` });
    });
    expect(TOAST_LIMIT).toBe(3);
    expect(screen.queryByText('Toast 1')).not.toBeInTheDocument();
    for (const n of [2, 3, 4]) expect(screen.getByText(`Toast ${n}`)).toBeInTheDocument();
  });
});
