import { describe, expect, it } from 'vitest';
import { matchesFilter, parseFilter } from './filter.ts';

/** The postgres_changes filter syntax realtime-js sends, matched as Supabase Realtime does. */

const types = new Map([
  ['score', 'int4'],
  ['title', 'text'],
  ['enabled', 'bool'],
  ['at', 'timestamptz'],
]);
const row = { score: 10, title: 'b c', enabled: true, at: '2026-11-21T10:00:00+00:00', gone: null };
const match = (filter: string, r: Record<string, unknown> = row) =>
  matchesFilter(parseFilter(filter), r, types);

describe('postgres_changes filters', () => {
  it('compares numbers as numbers, not as text', () => {
    expect(match('score=eq.10')).toBe(true);
    expect(match('score=neq.10')).toBe(false);
    expect(match('score=gt.9')).toBe(true);
    expect(match('score=gt.10')).toBe(false);
    expect(match('score=gte.10')).toBe(true);
    expect(match('score=lt.100')).toBe(true);
    expect(match('score=lt.9')).toBe(false); // as text, "10" < "9"
    expect(match('score=lte.10')).toBe(true);
  });

  it('reads in-lists with quoted items', () => {
    expect(parseFilter('title=in.(a,"b c",d)')).toEqual({
      column: 'title',
      op: 'in',
      values: ['a', 'b c', 'd'],
    });
    expect(match('title=in.(a,"b c")')).toBe(true);
    expect(match('score=in.(1,2,10)')).toBe(true);
    expect(match('score=in.(1,2)')).toBe(false);
  });

  it('compares booleans and timestamps by value', () => {
    expect(match('enabled=eq.true')).toBe(true);
    expect(match('enabled=eq.false')).toBe(false);
    expect(match('at=gt.2026-11-21T09:00:00Z')).toBe(true);
    expect(match('at=eq.2026-11-21T11:00:00+01:00')).toBe(true);
  });

  it('matches nothing on a null value and leaves a missing column to the caller', () => {
    expect(match('gone=eq.null')).toBe(false);
    expect(match('gone=neq.x')).toBe(false);
    expect(match('absent=eq.1')).toBeUndefined();
  });

  it('keeps everything after the first dot as the value', () => {
    expect(parseFilter('title=eq.a.b=c')).toEqual({ column: 'title', op: 'eq', values: ['a.b=c'] });
  });

  it('rejects what Supabase rejects', () => {
    expect(() => parseFilter('title')).toThrow(/filter/);
    expect(() => parseFilter('title=like.a%')).toThrow(/unknown operator/);
    expect(() => parseFilter('title=in.a,b')).toThrow(/list/);
  });
});
