// Apart from plans.ts, which every landing page loads first: these words are for the comparison
// below the fold and the family's booking picker.

/**
 * What priority scheduling gives (docs/decisions/223): the database holds these times, on the
 * pricing page and in the family's booking picker alike.
 */
export const priorityScheduling = {
  rule: 'Priority scheduling: after-school times (3 to 6 PM on weekdays, in your time zone) more than a week ahead are held for Focused Progress and Intensive Momentum families.',
  yours:
    'Your plan includes priority scheduling: after-school times more than a week ahead are held for your family.',
  others:
    'After-school times (3 to 6 PM on weekdays) more than a week ahead are held for families with priority scheduling: you can book them within a week of the day.',
} as const;

/** Whether a plan includes priority scheduling. */
export const hasPriorityScheduling = (plan: string | null | undefined): boolean =>
  plan === 'focused-progress' || plan === 'intensive-momentum';
