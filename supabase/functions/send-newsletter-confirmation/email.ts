import { renderEmail } from '../_shared/email-layout.ts';
import { escapeHtml, oneLine } from '../_shared/html.ts';
import type { EmailMessage } from '../_shared/email-message.ts';

export const WELCOME_SUBJECT = 'Welcome to the Ploom community 🌱';

/** The welcome email a new newsletter subscriber receives. */
export function welcomeEmail(input: { to: string; firstName?: string; siteUrl?: string }): EmailMessage {
  const firstName = oneLine(input.firstName);
  const greeting = firstName ? `Hi ${firstName},` : 'Hi there,';
  const site = input.siteUrl?.replace(/\/+$/, '');
  const { html, text } = renderEmail({
    preheader: 'Thank you for joining us. Here is what to expect each month.',
    heading: 'Welcome to the Ploom community',
    blocksHtml: [
      escapeHtml(greeting),
      'Thank you for joining us. We are so glad you are here. Raising a child aged 7-12 is full of big feelings, ' +
        'busy evenings and small wins worth noticing, and you do not have to figure it all out alone.',
      'Once a month, you will get one short, practical email from our coaches:',
      '<ul style="margin:12px 0 0;padding-left:20px;">' +
        '<li style="margin:6px 0;">a simple at-home tool for calmer routines, from bedtime to homework</li>' +
        '<li style="margin:6px 0;">ideas to build your child\'s confidence, focus and connection</li>' +
        '<li style="margin:6px 0;">stories from families, and news about Ploom coaching</li>' +
        '</ul>',
      site
        ? `Curious about 1:1 coaching? The free 5-minute assessment is a good place to start: <a href="${escapeHtml(site)}/quiz" style="color:#2f6b4f;">take the quiz</a>.`
        : 'Curious about 1:1 coaching? The free 5-minute assessment on our website is a good place to start.',
      'Warmly,<br>The Ploom team',
    ],
    text: [
      greeting,
      '',
      'Thank you for joining us. We are so glad you are here. Raising a child aged 7-12 is full of big feelings, busy evenings and small wins worth noticing, and you do not have to figure it all out alone.',
      '',
      'Once a month, you will get one short, practical email from our coaches:',
      '- a simple at-home tool for calmer routines, from bedtime to homework',
      "- ideas to build your child's confidence, focus and connection",
      '- stories from families, and news about Ploom coaching',
      '',
      site
        ? `Curious about 1:1 coaching? The free 5-minute assessment is a good place to start: ${site}/quiz`
        : 'Curious about 1:1 coaching? The free 5-minute assessment on our website is a good place to start.',
      '',
      'Warmly,',
      'The Ploom team',
    ].join('\n'),
    footer:
      'You are receiving this because this address was signed up for the Ploom newsletter. ' +
      'Not for you, or changed your mind? Reply with "unsubscribe" and we will remove you right away.',
  });
  return { to: input.to, subject: WELCOME_SUBJECT, html, text };
}
