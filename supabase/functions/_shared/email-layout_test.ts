import { strictEqual as assertEquals } from 'node:assert/strict';
import { detailsText, renderEmail } from './email-layout.ts';
import { assertNameOnOneLine, LINE_BREAKING_NAME, NAME_ON_ONE_LINE } from './testing.ts';

Deno.test('detailsText keeps each row on its line, whatever its value holds', () => {
  const text = detailsText([
    ['Parent', LINE_BREAKING_NAME],
    ['Child', undefined],
  ]);
  assertEquals(text, `Parent: ${NAME_ON_ONE_LINE}\nChild: (not given)`);
});

Deno.test("the text part's heading and footer are one line each", () => {
  const { text } = renderEmail({
    preheader: 'p',
    heading: `Intro call booked: with ${LINE_BREAKING_NAME}`,
    blocksHtml: ['Hello'],
    text: 'Hello\n\nA second paragraph.',
    footer: `For ${LINE_BREAKING_NAME}`,
  });
  assertNameOnOneLine(text);
  // The body's own paragraphs stay as the template wrote them.
  assertEquals(text.includes('Hello\n\nA second paragraph.'), true);
});
