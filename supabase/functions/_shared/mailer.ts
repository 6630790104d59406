// @ts-types="npm:@types/nodemailer@8.0.2"
import nodemailer from 'npm:nodemailer@10.6.0';
import { headerSafe } from './html.ts';

import type { EmailAttachment, EmailMessage } from './email-message.ts';

export type { EmailAttachment, EmailMessage };

/** UTF-8 text as base64 (btoa alone takes Latin-1 only). */
export function base64Utf8(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** A file name as both transports may send it: no path, quotes or control characters. */
function safeFilename(name: string): string {
  // deno-lint-ignore no-control-regex
  return name.replace(/[\u0000-\u001f\u007f"\\/]/g, '').slice(0, 100) || 'attachment';
}

/** Sends one email or throws. Functions depend on this, so tests pass an in-memory fake. */
export interface Mailer {
  send(message: EmailMessage): Promise<void>;
}

export interface MailEnv {
  get(name: string): string | undefined;
}

const DEFAULT_FROM = 'Ploom <hello@ploom.local>';

/**
 * The product's one mail transport: Resend's HTTP API when RESEND_API_KEY is set (production),
 * otherwise SMTP at SMTP_HOST:SMTP_PORT (the local stack's mail catcher, or any relay).
 */
export function mailerFromEnv(env: MailEnv = Deno.env): Mailer {
  const from = env.get('MAIL_FROM') || DEFAULT_FROM;
  const resendKey = env.get('RESEND_API_KEY');
  if (resendKey) return resendMailer({ apiKey: resendKey, from });
  const host = env.get('SMTP_HOST') || '127.0.0.1';
  const port = Number(env.get('SMTP_PORT') || '54325');
  return smtpMailer({
    host,
    port,
    from,
    user: env.get('SMTP_USER') || undefined,
    password: env.get('SMTP_PASS') || undefined,
  });
}

/** The address part of MAIL_FROM ("Ploom <hello@ploom.family>" → hello@ploom.family). */
export function mailFromAddress(env: MailEnv = Deno.env): string {
  const from = env.get('MAIL_FROM') || DEFAULT_FROM;
  return (/<([^<>\s]+)>/.exec(from)?.[1] ?? from).trim();
}

export function resendMailer(options: {
  apiKey: string;
  from: string;
  fetch?: typeof fetch;
  endpoint?: string;
}): Mailer {
  const doFetch = options.fetch ?? fetch;
  return {
    async send(message) {
      const response = await doFetch(options.endpoint ?? 'https://api.resend.com/emails', {
        method: 'POST',
        headers: { Authorization: `Bearer ${options.apiKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          from: options.from,
          to: [message.to],
          subject: headerSafe(message.subject, 200),
          html: message.html,
          text: message.text,
          ...(message.replyTo ? { reply_to: message.replyTo } : {}),
          ...(message.attachments?.length
            ? {
                attachments: message.attachments.map((file) => ({
                  filename: safeFilename(file.filename),
                  content: base64Utf8(file.content),
                  content_type: headerSafe(file.contentType, 200),
                })),
              }
            : {}),
        }),
        signal: AbortSignal.timeout(10000),
      });
      if (!response.ok) {
        const detail = (await response.text().catch(() => '')).slice(0, 300);
        throw new Error(`Resend answered ${response.status}: ${detail}`);
      }
    },
  };
}

export function smtpMailer(options: {
  host: string;
  port: number;
  from: string;
  user?: string;
  password?: string;
}): Mailer {
  const loopback = ['127.0.0.1', 'localhost', '::1'].includes(options.host);
  const transport = nodemailer.createTransport({
    host: options.host,
    port: options.port,
    secure: options.port === 465,
    // The local mail catcher speaks plain SMTP; a real relay gets STARTTLS when it offers it.
    ignoreTLS: loopback,
    // A fixed EHLO name: nodemailer would otherwise ask the OS for the hostname.
    name: 'localhost',
    auth: options.user ? { user: options.user, pass: options.password ?? '' } : undefined,
    connectionTimeout: 10000,
    greetingTimeout: 10000,
    socketTimeout: 15000,
  });
  return {
    async send(message) {
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: headerSafe(message.subject, 200),
        html: message.html,
        text: message.text,
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        ...(message.attachments?.length
          ? {
              attachments: message.attachments.map((file: EmailAttachment) => ({
                filename: safeFilename(file.filename),
                content: base64Utf8(file.content),
                encoding: 'base64',
                contentType: headerSafe(file.contentType, 200),
              })),
            }
          : {}),
      });
    },
  };
}

/** An in-memory mailer for tests: records what would have been sent. */
export function memoryMailer(options: { failFor?: (message: EmailMessage) => boolean } = {}) {
  const sent: EmailMessage[] = [];
  const mailer: Mailer & { sent: EmailMessage[] } = {
    sent,
    send(message) {
      if (options.failFor?.(message)) return Promise.reject(new Error(`delivery to ${message.to} failed`));
      sent.push({ ...message, subject: headerSafe(message.subject, 200) });
      return Promise.resolve();
    },
  };
  return mailer;
}
