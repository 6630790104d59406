import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { scrollThresholds } from '@/content/nav';
import { scrollStateAt, useScrollThresholds } from '../hooks/use-scroll-thresholds';

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

describe('scroll thresholds', () => {
  it('uses the spec’s 20 px and 600 px', () => {
    expect(scrollThresholds).toEqual({ barOpaque: 20, stickyCta: 600 });
  });

  it('turns the bar opaque only past 20 px and shows the sticky CTA only past 600 px', () => {
    expect(scrollStateAt(0)).toEqual({ barOpaque: false, pastFold: false });
    expect(scrollStateAt(20)).toEqual({ barOpaque: false, pastFold: false });
    expect(scrollStateAt(21)).toEqual({ barOpaque: true, pastFold: false });
    expect(scrollStateAt(600)).toEqual({ barOpaque: true, pastFold: false });
    expect(scrollStateAt(601)).toEqual({ barOpaque: true, pastFold: true });
  });

  it('follows the window as it scrolls down and back up', () => {
    scrollTo(0);
    const { result } = renderHook(() => useScrollThresholds());
    expect(result.current).toEqual({ barOpaque: false, pastFold: false });
    act(() => scrollTo(120));
    expect(result.current).toEqual({ barOpaque: true, pastFold: false });
    act(() => scrollTo(900));
    expect(result.current).toEqual({ barOpaque: true, pastFold: true });
    act(() => scrollTo(5));
    expect(result.current).toEqual({ barOpaque: false, pastFold: false });
  });
});
