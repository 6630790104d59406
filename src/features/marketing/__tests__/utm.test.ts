import { describe, expect, it } from 'vitest';
import { buildUtmUrl, emptyUtm, missingUtmFields, normaliseUtmValue } from '../lib/utm';

const origin = 'https://ploom.example';

describe('buildUtmUrl', () => {
  it('adds the filled UTM fields to the landing page in a fixed order', () => {
    const url = buildUtmUrl(origin, '/coaching', {
      ...emptyUtm,
      utm_campaign: 'spring_intro',
      utm_source: 'facebook',
      utm_medium: 'paid_social',
      utm_content: 'calmer-homes-square',
    });
    expect(url).toBe(
      'https://ploom.example/coaching?utm_source=facebook&utm_medium=paid_social&utm_campaign=spring_intro&utm_content=calmer-homes-square',
    );
  });

  it('leaves out empty fields and gives the bare page when none is filled', () => {
    expect(buildUtmUrl(origin, '/', emptyUtm)).toBe('https://ploom.example/');
    expect(buildUtmUrl(origin, '/quiz', { ...emptyUtm, utm_source: 'newsletter', utm_term: '   ' })).toBe(
      'https://ploom.example/quiz?utm_source=newsletter',
    );
  });

  it('normalises values and encodes what needs encoding', () => {
    const url = buildUtmUrl(origin, '/', {
      ...emptyUtm,
      utm_source: ' Facebook ',
      utm_campaign: 'Back To School & Fall',
    });
    expect(url).toBe('https://ploom.example/?utm_source=facebook&utm_campaign=back_to_school_%26_fall');
    expect(new URL(url).searchParams.get('utm_campaign')).toBe('back_to_school_&_fall');
  });

  it('keeps other query parameters and replaces old UTM ones', () => {
    const url = buildUtmUrl(origin, '/pricing?plan=focused&utm_source=old', {
      ...emptyUtm,
      utm_source: 'instagram',
    });
    expect(url).toBe('https://ploom.example/pricing?plan=focused&utm_source=instagram');
  });
});

describe('missingUtmFields', () => {
  it('names the required fields still empty', () => {
    expect(missingUtmFields(emptyUtm)).toEqual(['utm_source', 'utm_medium', 'utm_campaign']);
    expect(missingUtmFields({ ...emptyUtm, utm_source: 'a', utm_medium: 'b', utm_campaign: ' c ' })).toEqual(
      [],
    );
  });

  it('treats whitespace as empty', () => {
    expect(normaliseUtmValue('   ')).toBe('');
    expect(missingUtmFields({ ...emptyUtm, utm_source: ' ', utm_medium: 'x', utm_campaign: 'y' })).toEqual([
      'utm_source',
    ]);
  });
});
