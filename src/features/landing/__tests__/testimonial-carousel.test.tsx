import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testimonialIntervalMs, testimonials } from '@/content/testimonials';
import { TestimonialCarousel } from '../components/testimonials-section';

const shownQuote = () => screen.getByRole('group', { name: /of 4/ });
const dot = (n: number) => screen.getByRole('button', { name: `Show testimonial ${n} of 4` });

describe('TestimonialCarousel', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows four parent quotes, five stars each', () => {
    expect(testimonials).toHaveLength(4);
    expect(testimonialIntervalMs).toBe(5000);
    for (const t of testimonials) expect(t.rating).toBe(5);
    render(<TestimonialCarousel />);
    expect(screen.getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument();
  });

  it('advances every 5000 ms and loops back to the first quote', () => {
    render(<TestimonialCarousel />);
    expect(shownQuote()).toHaveTextContent(testimonials[0].quote);
    act(() => vi.advanceTimersByTime(4999));
    expect(shownQuote()).toHaveTextContent(testimonials[0].quote);
    act(() => vi.advanceTimersByTime(1));
    expect(shownQuote()).toHaveTextContent(testimonials[1].quote);
    act(() => vi.advanceTimersByTime(5000));
    act(() => vi.advanceTimersByTime(5000));
    expect(shownQuote()).toHaveTextContent(testimonials[3].quote);
    expect(shownQuote()).toHaveAccessibleName('4 of 4');
    act(() => vi.advanceTimersByTime(5000));
    expect(shownQuote()).toHaveTextContent(testimonials[0].quote);
  });

  it('jumps to a quote from its dot and marks that dot current', () => {
    render(<TestimonialCarousel />);
    expect(dot(1)).toHaveAttribute('aria-current', 'true');
    fireEvent.click(dot(3));
    expect(shownQuote()).toHaveTextContent(testimonials[2].quote);
    expect(dot(3)).toHaveAttribute('aria-current', 'true');
    expect(dot(1)).not.toHaveAttribute('aria-current');
    // It keeps advancing from the chosen quote once the visitor moves on.
    fireEvent.blur(dot(3));
    act(() => vi.advanceTimersByTime(5000));
    expect(shownQuote()).toHaveTextContent(testimonials[3].quote);
  });

  it('holds still while hovered, and while the pause button is on', () => {
    render(<TestimonialCarousel />);
    const region = screen.getByRole('region', { name: 'What parents say' });
    fireEvent.mouseEnter(region);
    act(() => vi.advanceTimersByTime(15000));
    expect(shownQuote()).toHaveTextContent(testimonials[0].quote);
    fireEvent.mouseLeave(region);
    act(() => vi.advanceTimersByTime(5000));
    expect(shownQuote()).toHaveTextContent(testimonials[1].quote);

    fireEvent.click(screen.getByRole('button', { name: 'Pause testimonials' }));
    fireEvent.blur(screen.getByRole('button', { name: 'Play testimonials' }));
    act(() => vi.advanceTimersByTime(15000));
    expect(shownQuote()).toHaveTextContent(testimonials[1].quote);
  });
});
