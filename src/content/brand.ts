import { site } from '@/config/site';

/** How the brand sounds and how the logo is used, for the brand guidelines. */
export const brandVoice = {
  summary:
    'We talk like a warm, experienced coach who is on the parent’s side: calm, plain and hopeful, never alarming or clinical.',
  principles: [
    {
      title: 'Warm, not cute',
      text: 'Kind and encouraging, without baby talk or exclamation marks everywhere.',
      say: 'Bedtime can get easier. Here is one thing to try tonight.',
      avoid: 'Say bye-bye to bedtime battles forever!!!',
    },
    {
      title: 'Plain, not clinical',
      text: 'Everyday words a tired parent can read on a phone. Short sentences.',
      say: 'Big feelings are taking over often.',
      avoid: 'Your child presents with emotional dysregulation.',
    },
    {
      title: 'Hopeful, not promising',
      text: 'We talk about progress and practice, never guaranteed results or cures.',
      say: 'Most families notice small changes within a few weeks.',
      avoid: 'Fix your child’s behaviour in 30 days.',
    },
    {
      title: 'Honest about what we are',
      text: `${site.disclaimer} We say when a clinician is the right person to see.`,
      say: 'If you are worried about your child’s safety, talk to your pediatrician today.',
      avoid: 'Our therapy sessions treat anxiety.',
    },
  ],
  wordsWithCare: [
    'Coaching, coach, session, skills, practice: yes. Therapy, treatment, diagnosis, disorder: only to say what we are not.',
    'Talk about children by first name only; never use surnames or photos of real children without written consent.',
    'Numbers we state are the ones we keep: replies within 24 hours, 30-minute sessions, ages 7-12, our first 25 families.',
  ],
  logoDo: [
    'Keep clear space around the logo of at least half the mark’s height.',
    'Use the reversed logo on dark green or photography.',
    'Show the mark at 24 px or larger on screen.',
  ],
  logoDont: [
    'Stretch, rotate or outline the logo.',
    'Recolour the leaves or place the logo on busy or low-contrast backgrounds.',
    'Set the wordmark in another typeface or add a tagline inside the lockup.',
  ],
} as const;
