import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { comparisonRows, formatPrice, plans, plansForVariant } from '@/content/plans';
import { variants, type VariantId } from '@/content/variants';

const price = (id: VariantId, plan: string) =>
  plansForVariant(variants[id]).find((p) => p.name === plan)?.price;

describe('landing variants (SPEC §9)', () => {
  it('prices Steady Growth per variant and the other plans the same everywhere', () => {
    expect(price('home', 'Steady Growth')).toBe(400);
    expect(price('coaching', 'Steady Growth')).toBe(375);
    for (const id of ['coaching-home', 'pricing', 'coaching-v2'] as const) {
      expect(price(id, 'Steady Growth')).toBe(350);
    }
    for (const id of Object.keys(variants) as VariantId[]) {
      expect(price(id, 'Focused Progress')).toBe(650);
      expect(price(id, 'Intensive Momentum')).toBe(900);
    }
  });

  it('lists the plans with their sessions per week', () => {
    expect(plans.map((p) => [p.name, p.sessionsPerWeek])).toEqual([
      ['Steady Growth', 1],
      ['Focused Progress', 2],
      ['Intensive Momentum', 3],
    ]);
  });

  it('puts the Most Popular badge on the plan the spec names', () => {
    expect(variants.home.pricing.popularPlan).toBe('steady-growth');
    expect(variants.coaching.pricing.popularPlan).toBe('steady-growth');
    expect(variants.pricing.pricing.popularPlan).toBe('focused-progress');
    expect(variants['coaching-home'].pricing.popularPlan).toBe('focused-progress');
  });

  it('points every main button of a variant where the spec says', () => {
    const routeOf = (id: VariantId) => {
      const target = variants[id].cta.target;
      return target.kind === 'route' ? target.to : `#${target.section}`;
    };
    expect(routeOf('home')).toBe(paths.quiz);
    expect(variants.home.hero.primary.target).toEqual({ kind: 'route', to: paths.quiz });
    expect(variants.home.pricing.planCta.target).toEqual({ kind: 'route', to: paths.quiz });
    expect(routeOf('coaching')).toBe(paths.requestFitCall);
    expect(variants.coaching.hero.primary.target).toEqual({ kind: 'route', to: paths.requestFitCall });
    expect(variants.coaching.pricing.planCta.target).toEqual({ kind: 'route', to: paths.requestFitCall });
    expect(variants['coaching-home'].hero.primary).toEqual({
      label: 'Join the Waitlist',
      target: { kind: 'route', to: paths.waitlist },
    });
    expect(variants['coaching-home'].hero.secondary).toEqual({
      label: 'See Plans & Pricing',
      target: { kind: 'route', to: paths.pricing },
    });
    expect(variants.pricing.pricing.planCta.target).toEqual({ kind: 'route', to: paths.waitlist });
    expect(variants['coaching-v2'].hero.primary.target).toEqual({ kind: 'section', section: 'contact-form' });
  });

  it('keeps / and /coaching the same layout with the spec’s hero', () => {
    expect(variants.coaching.sections).toEqual(variants.home.sections);
    expect(variants.home.hero.title).toBe('Steadier Kids. Calmer Homes. Starting Now.');
    expect(variants.home.sections).toEqual([
      'hero',
      'skills',
      'families-banner',
      'session',
      'scenarios',
      'how-it-works',
      'story',
      'pricing',
      'testimonials',
      'newsletter',
    ]);
  });

  it('gives each variant its own title, description and Open Graph image', () => {
    const metas = Object.values(variants).map((v) => v.meta);
    expect(new Set(metas.map((m) => m.title)).size).toBe(metas.length);
    expect(new Set(metas.map((m) => m.image)).size).toBe(metas.length);
    for (const meta of metas) expect(meta.description.length).toBeGreaterThan(50);
  });

  it('compares the plans as the spec says', () => {
    const row = (feature: string) => comparisonRows.find((r) => r.feature === feature)?.values;
    expect(row('Progress reports')).toEqual([false, 'Monthly', 'Weekly']);
    expect(row('Priority scheduling')).toEqual([false, true, true]);
    expect(row('Custom family plan')).toEqual([false, 'Yes', 'Deep']);
  });
});

describe('formatPrice', () => {
  it('writes dollars as the pricing cards show them, with thousands separators', () => {
    expect(formatPrice(375)).toBe('$375');
    expect(formatPrice(1200)).toBe('$1,200');
    expect(formatPrice(1234567)).toBe('$1,234,567');
    expect(formatPrice(12.5)).toBe('$12.50');
    expect(formatPrice(0)).toBe('$0');
  });
});
