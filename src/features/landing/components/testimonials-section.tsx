import { Pause, Play, Star } from 'lucide-react';
import { useState } from 'react';
import { sectionIds } from '@/content/nav';
import { stats, statsFootnote } from '@/content/stats';
import { testimonialIntervalMs, testimonials, type Testimonial } from '@/content/testimonials';
import { cn } from '@/lib/cn';
import { useCarousel } from '../hooks/use-carousel';
import { usePrefersReducedMotion } from '../hooks/use-reduced-motion';
import { Section } from './section';

export interface TestimonialCarouselProps {
  items?: readonly Testimonial[];
  intervalMs?: number;
}

/**
 * The testimonial carousel: advances every 5 s through the quotes, looping; dots jump to a quote.
 * It holds still while the visitor hovers or focuses it, after the pause button, and for visitors
 * who ask for reduced motion.
 */
export function TestimonialCarousel({
  items = testimonials,
  intervalMs = testimonialIntervalMs,
}: TestimonialCarouselProps) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const autoplay = !stopped && !reducedMotion;
  const { index, goTo } = useCarousel({
    count: items.length,
    intervalMs,
    paused: !autoplay || hovered || focused,
  });
  const current = items[index];

  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label="What parents say"
      className="mx-auto max-w-3xl"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      {/* Announce changes only when the visitor drives the carousel, not on every auto-advance. */}
      <div aria-live={autoplay ? 'off' : 'polite'} aria-atomic="true">
        <div role="group" aria-roledescription="slide" aria-label={`${index + 1} of ${items.length}`}>
          <figure className="rounded-3xl bg-white p-8 text-center shadow-lg ring-1 ring-brand-100 sm:p-12">
            <p
              className="flex justify-center gap-1 text-sun-500"
              aria-label={`Rated ${current.rating} out of 5`}
              role="img"
            >
              {Array.from({ length: current.rating }, (_, star) => (
                <Star key={star} className="h-5 w-5 fill-current" aria-hidden="true" />
              ))}
            </p>
            <blockquote className="mt-6 font-display text-lg font-semibold leading-relaxed text-ink sm:text-2xl">
              <p>“{current.quote}”</p>
            </blockquote>
            <figcaption className="mt-6">
              <span className="font-bold text-ink">{current.author}</span>
              <span className="text-ink-muted"> · {current.detail}</span>
            </figcaption>
          </figure>
        </div>
      </div>
      <div className="mt-6 flex items-center justify-center gap-1">
        {items.map((item, dot) => (
          <button
            key={item.author}
            type="button"
            aria-label={`Show testimonial ${dot + 1} of ${items.length}`}
            aria-current={dot === index ? 'true' : undefined}
            onClick={() => goTo(dot)}
            className="group inline-flex h-11 w-11 items-center justify-center rounded-full"
          >
            <span
              aria-hidden="true"
              className={cn(
                'block h-3 rounded-full transition-all motion-reduce:transition-none',
                dot === index ? 'w-8 bg-brand-700' : 'w-3 bg-brand-200 group-hover:bg-brand-500',
              )}
            />
          </button>
        ))}
        {!reducedMotion && (
          <button
            type="button"
            onClick={() => setStopped((value) => !value)}
            className="ml-2 inline-flex h-11 w-11 items-center justify-center rounded-full text-ink-muted hover:bg-brand-50 hover:text-ink"
          >
            {stopped ? (
              <Play className="h-5 w-5" aria-hidden="true" />
            ) : (
              <Pause className="h-5 w-5" aria-hidden="true" />
            )}
            <span className="sr-only">{stopped ? 'Play testimonials' : 'Pause testimonials'}</span>
          </button>
        )}
      </div>
    </div>
  );
}

export function TestimonialsSection() {
  return (
    <Section id={sectionIds.testimonials} eyebrow="Testimonials" title="Families feel the difference">
      <dl className="mx-auto mb-12 grid max-w-4xl grid-cols-3 gap-2 sm:gap-4">
        {stats.map((stat) => (
          <div
            key={stat.label}
            className="flex flex-col-reverse justify-end rounded-2xl bg-brand-800 px-2 py-4 text-center text-white sm:rounded-3xl sm:p-6"
          >
            <dt className="mt-1 text-sm font-semibold text-brand-50 sm:text-base">{stat.label}</dt>
            <dd className="font-display text-2xl font-extrabold text-sun-400 min-[360px]:text-3xl sm:text-5xl">
              {stat.value}
            </dd>
          </div>
        ))}
      </dl>
      <TestimonialCarousel />
      <p className="mt-8 text-center text-sm text-ink-muted">{statsFootnote}</p>
    </Section>
  );
}
