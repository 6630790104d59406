import { describe, expect, it } from 'vitest';
import { EMAIL_KINDS, readAuthSettings } from './config.ts';
import { createAuthMailer, htmlToText, renderTemplate, type TemplateVars } from './mailer.ts';

const vars = (overrides: Partial<TemplateVars> = {}): TemplateVars => ({
  ConfirmationURL: 'http://127.0.0.1:54321/auth/v1/verify?token=abc&type=recovery',
  Token: '123456',
  TokenHash: 'abc',
  SiteURL: 'http://localhost:5173',
  RedirectTo: 'http://localhost:5173',
  Email: 'ana@example.com',
  NewEmail: 'new@example.com',
  Data: { first_name: '<b>Jo</b> & "Sam"' },
  ...overrides,
});

describe('email templates (GoTrue variables)', () => {
  it('substitutes variables escaped, and follows if/else', () => {
    const source =
      '<p>{{ if .Data.first_name }}Hi {{ .Data.first_name }},{{ else }}Hi there,{{ end }}</p>{{ .Token }}';
    expect(renderTemplate(source, vars())).toBe(
      '<p>Hi &lt;b&gt;Jo&lt;/b&gt; &amp; &quot;Sam&quot;,</p>123456',
    );
    expect(renderTemplate(source, vars({ Data: {} }))).toBe('<p>Hi there,</p>123456');
  });

  it('derives the plain text: lines, links as "label: url", hidden preheader left out', () => {
    const html =
      '<div style="display: none">preheader</div><h1>Title</h1><p>Hi &amp; bye</p>' +
      '<a\n href="http://x.test/?a=1&amp;b=2"\n style="x">\n Reset password</a\n>';
    expect(htmlToText(html)).toBe('Title\n\nHi & bye\n\nReset password: http://x.test/?a=1&b=2');
  });

  it('renders every template config.toml names, with its subject and the link', () => {
    const settings = readAuthSettings();
    const mailer = createAuthMailer({ send: async () => {} } as never, settings.templates);
    for (const kind of EMAIL_KINDS) {
      expect(settings.templates[kind]?.contentPath, kind).toBeTruthy();
      const email = mailer.render(kind, vars());
      expect(email.subject, kind).toBe(settings.templates[kind]?.subject);
      expect(email.html, kind).toContain(
        'href="http://127.0.0.1:54321/auth/v1/verify?token=abc&amp;type=recovery"',
      );
      expect(email.text, kind).toContain('Hi <b>Jo</b> & "Sam",');
      expect(email.text, kind).toMatch(
        /: http:\/\/127\.0\.0\.1:54321\/auth\/v1\/verify\?token=abc&type=recovery/,
      );
      expect(email.text, kind).not.toContain('{{');
      // Once for the button ("label: url"), once on its own for copying.
      expect(email.text.split('verify?token=abc&type=recovery').length - 1, kind).toBe(2);
      expect(email.text, kind).toMatch(/\n[^:\n]+: http:\/\/127[^\n]+\n\n[^\n]*\n\nhttp:\/\/127/);
    }
    expect(mailer.render('email_change', vars()).text).toContain('new@example.com');
  });
});
