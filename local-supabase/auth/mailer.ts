import fs from 'node:fs';
import type { Mailer } from '../mail.ts';
import type { EmailKind, EmailTemplateSetting } from './config.ts';

/**
 * Auth's emails, rendered from the templates that `supabase/config.toml` names
 * (`[auth.email.template.<kind>]` with `subject` and `content_path`), with GoTrue's template
 * variables: {{ .ConfirmationURL }}, {{ .Token }}, {{ .TokenHash }}, {{ .SiteURL }},
 * {{ .RedirectTo }}, {{ .Email }}, {{ .NewEmail }}, {{ .Data.<key> }}, and `{{ if … }}…{{ else }}…{{ end }}`.
 * Every substituted value is HTML-escaped. A plain-text part is derived from the HTML.
 */
export interface TemplateVars {
  ConfirmationURL: string;
  Token: string;
  TokenHash: string;
  SiteURL: string;
  RedirectTo: string;
  Email: string;
  NewEmail?: string;
  Data: Record<string, unknown>;
}

export interface AuthEmail {
  subject: string;
  html: string;
  text: string;
}

// GoTrue's own subjects and bodies, for a kind config.toml does not name.
const DEFAULTS: Record<EmailKind, { subject: string; html: string }> = {
  confirmation: {
    subject: 'Confirm Your Signup',
    html: '<h2>Confirm your signup</h2><p>Follow this link to confirm your user:</p><p><a href="{{ .ConfirmationURL }}">Confirm your mail</a></p>',
  },
  invite: {
    subject: 'You have been invited',
    html: '<h2>You have been invited</h2><p>You have been invited to create a user on {{ .SiteURL }}. Follow this link to accept the invite:</p><p><a href="{{ .ConfirmationURL }}">Accept the invite</a></p>',
  },
  recovery: {
    subject: 'Reset Your Password',
    html: '<h2>Reset Password</h2><p>Follow this link to reset the password for your user:</p><p><a href="{{ .ConfirmationURL }}">Reset Password</a></p>',
  },
  magic_link: {
    subject: 'Your Magic Link',
    html: '<h2>Magic Link</h2><p>Follow this link to login:</p><p><a href="{{ .ConfirmationURL }}">Log In</a></p>',
  },
  email_change: {
    subject: 'Confirm Email Change',
    html: '<h2>Confirm email address change</h2><p>Follow this link to confirm the update of your email address from {{ .Email }} to {{ .NewEmail }}:</p><p><a href="{{ .ConfirmationURL }}">Change email address</a></p>',
  },
  reauthentication: {
    subject: 'Confirm reauthentication',
    html: '<h2>Confirm reauthentication</h2><p>Enter the code: {{ .Token }}</p>',
  },
};

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function lookup(vars: TemplateVars, path: string): unknown {
  let value: unknown = vars;
  for (const part of path.split('.').filter(Boolean)) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

function truthy(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return Boolean(value);
}

function display(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

type Node =
  | { kind: 'text'; text: string }
  | { kind: 'var'; path: string }
  | { kind: 'if'; path: string; then: Node[]; else: Node[] };

function parse(source: string): Node[] {
  const tokens = source.split(/({{-?\s*[^}]*?\s*-?}})/);
  let index = 0;
  function block(): { nodes: Node[]; end: 'else' | 'end' | 'eof' } {
    const nodes: Node[] = [];
    while (index < tokens.length) {
      const token = tokens[index++];
      const action = /^{{-?\s*(.*?)\s*-?}}$/.exec(token);
      if (!action) {
        if (token) nodes.push({ kind: 'text', text: token });
        continue;
      }
      const body = action[1];
      if (body === 'else' || body === 'end') return { nodes, end: body };
      const cond = /^if\s+\.([\w.]*)$/.exec(body);
      if (cond) {
        const then = block();
        const otherwise = then.end === 'else' ? block().nodes : [];
        nodes.push({ kind: 'if', path: cond[1], then: then.nodes, else: otherwise });
        continue;
      }
      const variable = /^\.([\w.]*)$/.exec(body);
      if (variable) nodes.push({ kind: 'var', path: variable[1] });
      else throw new Error(`unsupported template action {{ ${body} }}`);
    }
    return { nodes, end: 'eof' };
  }
  return block().nodes;
}

/** Renders a GoTrue email template (the subset above); `escape` is applied to substituted values. */
export function renderTemplate(
  source: string,
  vars: TemplateVars,
  escape: (value: string) => string = escapeHtml,
): string {
  const walk = (nodes: Node[]): string =>
    nodes
      .map((node) => {
        if (node.kind === 'text') return node.text;
        if (node.kind === 'var') return escape(display(lookup(vars, node.path)));
        return walk(truthy(lookup(vars, node.path)) ? node.then : node.else);
      })
      .join('');
  return walk(parse(source));
}

const ENTITIES: Record<string, string> = {
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': ' ',
  '&middot;': '·',
  '&amp;': '&',
};

function decodeEntities(text: string): string {
  return text.replace(/&(?:lt|gt|quot|#39|nbsp|middot|amp);/g, (entity) => ENTITIES[entity]);
}

/** The plain-text part: block elements become lines, links become "label: url". */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<head[\s\S]*?<\/head>/gi, '')
    .replace(/<(style|script)[\s\S]*?<\/\1>/gi, '')
    .replace(/<div[^>]*display:\s*none[^>]*>[\s\S]*?<\/div>/gi, '')
    .replace(/<a\b[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a\s*>/gi, (_m, href: string, label: string) => {
      const plain = label.replace(/<[^>]+>/g, '').trim();
      return plain === '' || decodeEntities(plain) === decodeEntities(href) ? href : `${plain}: ${href}`;
    })
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|h[1-6]|tr|div|table|li)\s*>/gi, '\n\n')
    .replace(/<[^>]+>/g, '');
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export interface AuthMailer {
  render(kind: EmailKind, vars: TemplateVars): AuthEmail;
  send(kind: EmailKind, to: string, vars: TemplateVars): Promise<void>;
}

export function createAuthMailer(
  mail: Mailer,
  templates: Partial<Record<EmailKind, EmailTemplateSetting>>,
): AuthMailer {
  const mailer: AuthMailer = {
    render(kind, vars) {
      const setting = templates[kind];
      // Read on every send, as the CLI's Auth reloads templates: an edit shows in the next email.
      const source = setting?.contentPath
        ? fs.readFileSync(setting.contentPath, 'utf8')
        : DEFAULTS[kind].html;
      const subject = renderTemplate(setting?.subject ?? DEFAULTS[kind].subject, vars, (v) => v);
      const html = renderTemplate(source, vars);
      return { subject, html, text: htmlToText(html) };
    },
    async send(kind, to, vars) {
      await mail.send({ to, ...mailer.render(kind, vars) });
    },
  };
  return mailer;
}
