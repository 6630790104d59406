import { describe, expect, it } from 'vitest';
import { linkify, safeHref } from '../lib/linkify';

describe('linkify', () => {
  it('makes http and https addresses links and leaves the rest as text', () => {
    expect(linkify('See https://example.com/a?b=1 and http://x.org.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'http://x.org', href: 'http://x.org/' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('gives a bare www. address https', () => {
    expect(linkify('www.ploom.local/help')).toEqual([
      { kind: 'link', text: 'www.ploom.local/help', href: 'https://www.ploom.local/help' },
    ]);
  });

  it('interprets nothing else: no other scheme, no HTML, no markdown', () => {
    for (const body of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '<a href="https://evil.example">click</a>',
      '[click](javascript:alert(1)) **bold**',
      'mailto:a@b.c',
    ]) {
      const parts = linkify(body);
      expect(
        parts.filter((p) => p.kind === 'link').every((p) => /^https?:/.test((p as { href: string }).href)),
      ).toBe(true);
      // nothing is dropped or added: the text is shown as written
      expect(parts.map((p) => p.text).join('')).toBe(body);
    }
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('https://ok.example')).toBe('https://ok.example/');
  });
});
