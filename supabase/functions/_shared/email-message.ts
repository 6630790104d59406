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
}
