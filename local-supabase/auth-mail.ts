/**
 * The emails Auth sends (the Supabase dashboard's "email templates", as code): each with an HTML
 * body in the product's look and a plain-text alternative. Every value that comes from a user or a
 * request is escaped before it enters the HTML.
 */
export interface AuthEmail {
  subject: string;
  html: string;
  text: string;
}

const PRODUCT = 'Ploom';
const BRAND = { green: '#217f5b', greenDark: '#143f30', cream: '#fdfaf4', ink: '#1d2433', muted: '#4a5468' };

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function firstNameOf(metadata: Record<string, unknown> | null | undefined): string | undefined {
  const name = metadata?.first_name;
  return typeof name === 'string' && name.trim() ? name.trim().slice(0, 80) : undefined;
}

interface Layout {
  subject: string;
  preheader: string;
  greetingName?: string;
  paragraphs: string[];
  button: { label: string; url: string };
  footnote: string;
}

function render(layout: Layout): AuthEmail {
  const greeting = layout.greetingName ? `Hi ${layout.greetingName},` : 'Hi there,';
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(layout.subject)}</title>
</head>
<body style="margin:0;padding:0;background:${BRAND.cream};font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:${BRAND.ink};">
<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(layout.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${BRAND.cream};padding:32px 12px;">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:16px;overflow:hidden;border:1px solid #e6e1d6;">
<tr><td style="background:${BRAND.greenDark};padding:20px 32px;">
<span style="font-size:22px;font-weight:700;letter-spacing:0.5px;color:#ffffff;">${PRODUCT}</span>
</td></tr>
<tr><td style="padding:32px;">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:${BRAND.ink};">${escapeHtml(layout.subject)}</h1>
<p style="margin:0 0 16px;font-size:16px;line-height:1.6;">${escapeHtml(greeting)}</p>
${layout.paragraphs.map((p) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.6;">${escapeHtml(p)}</p>`).join('\n')}
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:24px 0;">
<tr><td style="border-radius:999px;background:${BRAND.green};">
<a href="${escapeHtml(layout.button.url)}" style="display:inline-block;padding:14px 28px;font-size:16px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:999px;">${escapeHtml(layout.button.label)}</a>
</td></tr>
</table>
<p style="margin:0 0 8px;font-size:13px;line-height:1.5;color:${BRAND.muted};">If the button does not work, copy this link into your browser:</p>
<p style="margin:0 0 24px;font-size:13px;line-height:1.5;word-break:break-all;"><a href="${escapeHtml(layout.button.url)}" style="color:${BRAND.green};">${escapeHtml(layout.button.url)}</a></p>
<p style="margin:0;font-size:13px;line-height:1.5;color:${BRAND.muted};">${escapeHtml(layout.footnote)}</p>
</td></tr>
<tr><td style="padding:20px 32px;background:#f6f3ec;font-size:12px;line-height:1.5;color:${BRAND.muted};">
${PRODUCT} &middot; Building confidence, focus, and connection for families.
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
  const text = [
    layout.subject,
    '',
    greeting,
    '',
    ...layout.paragraphs.flatMap((p) => [p, '']),
    `${layout.button.label}: ${layout.button.url}`,
    '',
    layout.footnote,
    '',
    `${PRODUCT} - Building confidence, focus, and connection for families.`,
  ].join('\n');
  return { subject: layout.subject, html, text };
}

export function recoveryEmail(link: string, metadata?: Record<string, unknown> | null): AuthEmail {
  return render({
    subject: 'Reset your password',
    preheader: `Choose a new password for your ${PRODUCT} account.`,
    greetingName: firstNameOf(metadata),
    paragraphs: [
      `We received a request to reset the password of your ${PRODUCT} account.`,
      'Follow the link below to choose a new one. The link works once and expires in 1 hour.',
    ],
    button: { label: 'Reset password', url: link },
    footnote: "If you didn't ask for this, you can ignore this email: your password stays the same.",
  });
}

export function confirmSignupEmail(link: string, metadata?: Record<string, unknown> | null): AuthEmail {
  return render({
    subject: 'Confirm your email',
    preheader: `One step left to finish creating your ${PRODUCT} account.`,
    greetingName: firstNameOf(metadata),
    paragraphs: [
      `Thanks for creating a ${PRODUCT} account.`,
      'Please confirm your email address to finish signing up. The link expires in 1 hour.',
    ],
    button: { label: 'Confirm email', url: link },
    footnote: "If you didn't create an account, you can ignore this email.",
  });
}

export function magicLinkEmail(link: string, metadata?: Record<string, unknown> | null): AuthEmail {
  return render({
    subject: `Your ${PRODUCT} sign-in link`,
    preheader: `Sign in to ${PRODUCT} with one click.`,
    greetingName: firstNameOf(metadata),
    paragraphs: ['Use the link below to sign in. It works once and expires in 1 hour.'],
    button: { label: 'Sign in', url: link },
    footnote: "If you didn't ask to sign in, you can ignore this email.",
  });
}

export function emailChangeEmail(
  link: string,
  newEmail: string,
  metadata?: Record<string, unknown> | null,
): AuthEmail {
  return render({
    subject: 'Confirm your new email address',
    preheader: `Confirm ${newEmail} as the email of your ${PRODUCT} account.`,
    greetingName: firstNameOf(metadata),
    paragraphs: [
      `You asked to change the email address of your ${PRODUCT} account to ${newEmail}.`,
      'Confirm the change with the link below. It expires in 1 hour.',
    ],
    button: { label: 'Confirm new email', url: link },
    footnote: "If you didn't ask for this change, you can ignore this email and nothing will change.",
  });
}

export function inviteEmail(link: string, metadata?: Record<string, unknown> | null): AuthEmail {
  return render({
    subject: `You're invited to ${PRODUCT}`,
    preheader: `An account has been created for you at ${PRODUCT}.`,
    greetingName: firstNameOf(metadata),
    paragraphs: [
      `The ${PRODUCT} team has created an account for you.`,
      'Accept the invitation with the link below, then choose your password. The link expires in 1 hour.',
    ],
    button: { label: 'Accept invitation', url: link },
    footnote: "If you weren't expecting this invitation, you can ignore this email.",
  });
}
