import { strictEqual as assertEquals } from 'node:assert/strict';
import { escapeHtml, headerSafe, namesOnOneLine, oneLine } from './html.ts';

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

Deno.test('oneLine puts a name on one line: each run of control characters becomes one space', () => {
  assertEquals(oneLine('Eve\r\nATTENDEE:mailto:m@evil.test\r\n'), 'Eve ATTENDEE:mailto:m@evil.test');
  assertEquals(oneLine('Ann \t Lee\u0000\u0085Jo\u2028Kim\u2029'), 'Ann Lee Jo Kim');
  // Names as people write them are left alone, spaces and all.
  assertEquals(oneLine('Zoë-Anne  O’Brien 🌱'), 'Zoë-Anne  O’Brien 🌱');
  assertEquals(oneLine(null), null);
  assertEquals(oneLine(undefined), undefined);
});

Deno.test('namesOnOneLine puts the named fields on one line and leaves the rest as they are', () => {
  const message = { name: 'Eve\nX', body: 'line one\nline two', age: 9, coach: null };
  assertEquals(
    JSON.stringify(namesOnOneLine(message, ['name', 'coach', 'age'])),
    JSON.stringify({ name: 'Eve X', body: 'line one\nline two', age: 9, coach: null }),
  );
  assertEquals(message.name, 'Eve\nX');
});
