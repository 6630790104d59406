import { detailsTable, detailsText, renderEmail } from '../_shared/email-layout.ts';
import { escapeHtml, oneLine } from '../_shared/html.ts';
import type { EmailMessage } from '../_shared/email-message.ts';

/** The quiz's skills, plans and bands as the site names them (src/content/quiz.ts, plans.ts). */
export const SKILLS = [
  ['emotions', 'Emotional Regulation'],
  ['confidence', 'Confidence'],
  ['focus', 'Focus'],
  ['connection', 'Connection'],
] as const;

export type SkillKey = (typeof SKILLS)[number][0];

export const PLANS = {
  'steady-growth': { name: 'Steady Growth', sessionsPerWeek: 1 },
  'focused-progress': { name: 'Focused Progress', sessionsPerWeek: 2 },
  'intensive-momentum': { name: 'Intensive Momentum', sessionsPerWeek: 3 },
} as const;

export type PlanId = keyof typeof PLANS;

/** Score thresholds (0-100), as on the results page. */
export function bandLabel(score: number): string {
  if (score >= 70) return 'Strength';
  if (score >= 45) return 'Growing';
  return 'Focus area';
}

export interface QuizResults {
  to: string;
  childFirstName?: string;
  scores: Partial<Record<SkillKey, number>>;
  recommendedPlan: PlanId;
  topFocusArea?: SkillKey;
  siteUrl?: string;
}

export const RESULTS_SUBJECT = 'Your Ploom assessment results';

/** The copy of the quiz results a parent asked for on the results page. */
export function quizResultsEmail(results: QuizResults): EmailMessage {
  const child = oneLine(results.childFirstName) || 'your child';
  const plan = PLANS[results.recommendedPlan];
  const rows: [string, string | undefined][] = SKILLS.map(([key, name]) => {
    const score = results.scores[key];
    return [name, typeof score === 'number' ? `${score}/100 · ${bandLabel(score)}` : undefined];
  });
  const focus = results.topFocusArea ? SKILLS.find(([key]) => key === results.topFocusArea)?.[1] : undefined;
  const site = results.siteUrl?.replace(/\/+$/, '');
  const sessions = `${plan.sessionsPerWeek} × 30-minute session${plan.sessionsPerWeek > 1 ? 's' : ''} a week`;
  const { html, text } = renderEmail({
    preheader: `${child}'s scores in four skills, and the plan we suggest.`,
    heading: `${child[0].toUpperCase()}${child.slice(1)}'s assessment results`,
    blocksHtml: [
      'Thank you for taking the 5-minute assessment. Here are the results you asked us to send.',
      detailsTable(rows),
      ...(focus ? [`The skill to start with: <strong>${escapeHtml(focus)}</strong>.`] : []),
      `The plan we suggest: <strong>${escapeHtml(plan.name)}</strong> (${escapeHtml(sessions)}, parents included).`,
      'A short quiz is a starting point, not a diagnosis. The free 15-minute Intro Call is where we listen to what is really going on at home, with no pressure to sign up.',
      site
        ? `<a href="${escapeHtml(site)}/request-fit-call" style="display:inline-block;margin-top:8px;padding:12px 20px;background:#2f6b4f;color:#ffffff;text-decoration:none;border-radius:8px;">Request your free Intro Call</a>`
        : 'Reply to this email to request your free Intro Call.',
      'Warmly,<br>The Ploom team',
    ],
    text: [
      'Thank you for taking the 5-minute assessment. Here are the results you asked us to send.',
      '',
      detailsText(rows),
      '',
      ...(focus ? [`The skill to start with: ${focus}.`, ''] : []),
      `The plan we suggest: ${plan.name} (${sessions}, parents included).`,
      '',
      'A short quiz is a starting point, not a diagnosis. The free 15-minute Intro Call is where we listen to what is really going on at home, with no pressure to sign up.',
      '',
      site
        ? `Request your free Intro Call: ${site}/request-fit-call`
        : 'Reply to this email to request your free Intro Call.',
      '',
      'Warmly,',
      'The Ploom team',
    ].join('\n'),
    footer:
      'You receive this email because you asked for your assessment results on the Ploom website. We will not add you to any list.',
  });
  return { to: results.to, subject: RESULTS_SUBJECT, html, text };
}
