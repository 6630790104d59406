import { strictEqual as assertEquals } from 'node:assert/strict';
import { escapeHtml, headerSafe } from './html.ts';

Deno.test('escapeHtml escapes the five HTML-significant characters', () => {
  assertEquals(
    escapeHtml(`<script>alert("x") & 'y'</script>`),
    '&lt;script&gt;alert(&quot;x&quot;) &amp; &#39;y&#39;&lt;/script&gt;',
  );
});

Deno.test('escapeHtml leaves ordinary text alone and prints nothing for null', () => {
  assertEquals(escapeHtml('Zoë, age 9 🌱'), 'Zoë, age 9 🌱');
  assertEquals(escapeHtml(null), '');
  assertEquals(escapeHtml(undefined), '');
});

Deno.test('headerSafe removes line breaks so a value cannot add a header', () => {
  assertEquals(headerSafe('Anna\r\nBcc: victim@example.com'), 'Anna Bcc: victim@example.com');
  assertEquals(headerSafe('a\u2028b\u0000c\td'), 'a b c d');
});

Deno.test('headerSafe bounds the length', () => {
  const long = 'x'.repeat(300);
  const safe = headerSafe(long, 60);
  assertEquals(safe.length, 60);
  assertEquals(safe.endsWith('…'), true);
});
