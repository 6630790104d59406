/** A route with one parameter: its pattern for the router table and the helper that builds its href. */
function withParam<const Pattern extends `${string}/:${string}`>(pattern: Pattern) {
  return {
    pattern,
    href: (value: string) => pattern.replace(/:[A-Za-z]+$/, encodeURIComponent(value)),
  } as const;
}

/**
 * Every route of the site, named once. Links refer to these names, never to string paths; a path
 * with a parameter gives `.pattern` to the router and `.href(value)` to links.
 */
export const paths = {
  home: '/',
  coaching: '/coaching',
  requestFitCall: '/request-fit-call',
  coachingHome: '/coaching-home',
  coachingV2: '/coaching-v2',
  pricing: '/pricing',
  waitlist: '/waitlist',
  coaches: '/coaches',
  processLogo: '/process-logo',
  privacy: '/privacy',
  terms: '/terms',
  contact: '/contact',
  brandGuidelines: '/brand-guidelines',
  facebookAssets: '/facebook-assets',
  faq: '/faq',
  about: '/about',
  programs: '/programs',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  welcome: '/welcome',
  childLogin: '/child-login',
  quiz: '/quiz',
  quizQuestions: '/quiz/questions',
  quizResults: '/quiz/results',
  testEmail: '/test-email',
  adCreatives: '/ad-creatives',
  admin: '/admin',
  adminSessions: '/admin/sessions',
  adminFamilies: '/admin/families',
  adminSessionRoom: withParam('/admin/session-room/:sessionId'),
  adminWaitlist: '/admin/waitlist',
  adminUsers: '/admin/users',
  adminAuditLogs: '/admin/audit-logs',
  adminSettings: '/admin/settings',
  adminReport: '/admin/report',
  adminAccount: '/admin/account',
  app: '/app',
  appOnboarding: '/app/onboarding',
  appPloomPoints: '/app/ploom-points',
  appLeaderboard: '/app/leaderboard',
  appChildSchedule: withParam('/app/child-schedule/:childId'),
  appSession: withParam('/app/session/:sessionId'),
  appAccount: '/app/account',
  appAccountChildren: '/app/account/children',
  appBilling: '/app/billing',
  childDashboard: '/child/dashboard',
  childSession: withParam('/child/session/:sessionId'),
} as const;
