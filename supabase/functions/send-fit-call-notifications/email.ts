import { detailsTable, detailsText, renderEmail } from '../_shared/email-layout.ts';
import { escapeHtml, headerSafe, namesOnOneLine } from '../_shared/html.ts';
import type { EmailMessage } from '../_shared/email-message.ts';
import { FOCUS_AREA_LABELS, type FocusArea } from '../_shared/focus-areas.ts';
import { leadSourceLabel } from '../_shared/lead-sources.ts';
import { DEFAULT_REPLY_WITHIN_HOURS, replyTime } from '../_shared/team-settings.ts';
import { formatTeamTime } from '../_shared/team-time.ts';

/** The form's focus areas ("challenge") and their labels: the one list in _shared/focus-areas.ts. */
export const CHALLENGE_LABELS = FOCUS_AREA_LABELS;

export type Challenge = FocusArea;

export interface FitCallRequest {
  name: string;
  email: string;
  phone?: string;
  childName?: string;
  childAge?: string;
  challenge?: Challenge;
  /** where the lead came from (waitlist.source), named as the admin names it (_shared/lead-sources) */
  source?: string;
  /** the landing page the form was sent from, and the campaign that brought the parent there */
  landingPath?: string;
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
  receivedAt?: Date;
}

export const PARENT_SUBJECT = 'We received your Intro Call request';

/** The confirmation to the parent: what happens next, no pressure; the reply time is the team's setting. */
export function parentConfirmationEmail(
  sent: FitCallRequest,
  options: { replyWithinHours?: number; bookingUrl?: string } = {},
): EmailMessage {
  const request = namesOnOneLine(sent, ['name', 'childName']);
  const within = replyTime(options.replyWithinHours ?? DEFAULT_REPLY_WITHIN_HOURS);
  const child = request.childName ? request.childName : 'your child';
  const booking = options.bookingUrl;
  const { html, text } = renderEmail({
    preheader: `We will reply within ${within} to schedule your free 15-minute Intro Call.`,
    heading: 'Thank you, your request is in',
    blocksHtml: [
      `Hi ${escapeHtml(request.name)},`,
      `Thank you for reaching out about ${escapeHtml(child)}. Taking this step matters, and we are glad you did.`,
      '<p style="margin:16px 0 0;"><strong>What happens next</strong></p>' +
        '<ol style="margin:8px 0 0;padding-left:20px;">' +
        `<li style="margin:6px 0;">We will reply within ${within} to schedule your free 15-minute Intro Call at a time that suits you.</li>` +
        '<li style="margin:6px 0;">On the call, we listen to what is going on at home and answer your questions.</li>' +
        '<li style="margin:6px 0;">If coaching feels right, we match your family with a coach; sessions usually start within a week.</li>' +
        '</ol>',
      ...(booking
        ? [
            'Rather not wait? Pick a time for your Intro Call yourself, now:',
            `<p style="margin:8px 0 0;"><a href="${escapeHtml(booking)}" style="display:inline-block;background:#2f6b4f;color:#ffffff;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:bold;">Pick a time for your Intro Call</a></p>`,
          ]
        : []),
      'There is no pressure and no commitment: the Intro Call is simply a conversation to see whether Ploom is a good fit for your family.',
      'If anything changes in the meantime, just reply to this email.',
      'Warmly,<br>The Ploom team',
    ],
    text: [
      `Hi ${request.name},`,
      '',
      `Thank you for reaching out about ${child}. Taking this step matters, and we are glad you did.`,
      '',
      'What happens next',
      `1. We will reply within ${within} to schedule your free 15-minute Intro Call at a time that suits you.`,
      '2. On the call, we listen to what is going on at home and answer your questions.',
      '3. If coaching feels right, we match your family with a coach; sessions usually start within a week.',
      '',
      ...(booking ? [`Rather not wait? Pick a time for your Intro Call yourself, now: ${booking}`, ''] : []),
      'There is no pressure and no commitment: the Intro Call is simply a conversation to see whether Ploom is a good fit for your family.',
      '',
      'If anything changes in the meantime, just reply to this email.',
      '',
      'Warmly,',
      'The Ploom team',
    ].join('\n'),
    footer: 'You receive this email because this address was used to request an Intro Call with Ploom.',
  });
  return { to: request.email, subject: PARENT_SUBJECT, html, text };
}

/** The team's notification: every field of the request; replying answers the parent. */
export function teamNotificationEmail(
  sent: FitCallRequest,
  options: { to: string; adminUrl?: string; replyWithinHours?: number; teamTimeZone?: string },
): EmailMessage {
  const request = namesOnOneLine(sent, ['name', 'childName']);
  const within = replyTime(options.replyWithinHours ?? DEFAULT_REPLY_WITHIN_HOURS);
  const via = [request.utmSource, request.utmMedium].filter(Boolean).join(' / ');
  const rows: [string, string | undefined][] = [
    ['Parent', request.name],
    ['Email', request.email],
    ['Phone', request.phone],
    ['Child', request.childName],
    ['Child age', request.childAge],
    ['Focus area', request.challenge ? CHALLENGE_LABELS[request.challenge] : undefined],
    ['Source', request.source ? leadSourceLabel(request.source) : undefined],
    ['Landing page', request.landingPath],
    ['Campaign', request.utmCampaign ? `${request.utmCampaign}${via ? ` (${via})` : ''}` : undefined],
    ['Received', formatTeamTime(request.receivedAt ?? new Date(), options.teamTimeZone)],
  ];
  const { html, text } = renderEmail({
    preheader: `A parent asked for a free 15-minute Intro Call. Reply within ${within}.`,
    heading: 'New Intro Call request',
    blocksHtml: [
      `A parent asked for a free 15-minute Intro Call. We promised a reply within ${within}.`,
      detailsTable(rows),
      ...(options.adminUrl
        ? [`<a href="${escapeHtml(options.adminUrl)}" style="color:#2f6b4f;">Open the leads pipeline</a>`]
        : []),
    ],
    text: [
      `A parent asked for a free 15-minute Intro Call. We promised a reply within ${within}.`,
      '',
      detailsText(rows),
      ...(options.adminUrl ? ['', `Leads pipeline: ${options.adminUrl}`] : []),
    ].join('\n'),
  });
  return {
    to: options.to,
    subject: `New Intro Call request from ${headerSafe(request.name, 60)}`,
    html,
    text,
    replyTo: request.email,
  };
}
