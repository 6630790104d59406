/**
 * One email as the functions build it. Kept apart from the mailer (which needs Deno and npm:
 * imports) so the email templates stay plain TypeScript that the site's /test-email preview can
 * render too.
 */
export interface EmailMessage {
  to: string;
  /** one line; CR/LF and control characters are removed before sending */
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
  /** files sent with the email, e.g. a meeting's .ics (`calendarAttachment` in ics.ts) */
  attachments?: EmailAttachment[];
}

/** A text file sent with an email; both transports send it base64-encoded with its content type. */
export interface EmailAttachment {
  /** e.g. ploom-session-2026-12-02.ics (`calendarFileName` in ics.ts) */
  filename: string;
  /** e.g. `text/calendar; method=REQUEST; charset=UTF-8` */
  contentType: string;
  /** the file's text (sent as UTF-8) */
  content: string;
}
