import type { Person } from './founders';

/** Three sample coaches (SPEC §2 /coaching-home). */
export interface Coach extends Person {
  specialties: readonly string[];
  experience: string;
}

export const coaches: readonly Coach[] = [
  {
    name: 'Jenna Lawson',
    role: 'Coach · Emotional Regulation',
    bio: 'A former second-grade teacher, Jenna helps kids turn big feelings into words and calm-down plans they are proud of.',
    initials: 'JL',
    tone: 'green',
    specialties: ['Big feelings', 'Bedtime routines', 'Sibling conflict'],
    experience: '9 years with children 6-12',
  },
  {
    name: 'Marcus Thompson',
    role: 'Coach · Focus & Confidence',
    bio: 'Marcus coached youth sports before joining Ploom. He makes focus practice feel like a game and celebrates every small win.',
    initials: 'MT',
    tone: 'sun',
    specialties: ['Homework routines', 'Starting tasks', 'Growth mindset'],
    experience: '11 years in youth mentoring',
  },
  {
    name: 'Sofia Ramirez',
    role: 'Coach · Connection',
    bio: 'Sofia ran after-school social skills groups and coaches in English and Spanish. Shy kids open up with her fast.',
    initials: 'SR',
    tone: 'ink',
    specialties: ['Friendships', 'Shyness', 'Family communication'],
    experience: '7 years in child development programs',
  },
];

/** How coaches are chosen and supported (the /coaches page). */
export const coachStandards: readonly string[] = [
  'At least five years of experience with children aged 7-12',
  'Background checked and reference checked before their first family',
  'Trained in the Ploom approach and observed in live sessions',
  'Ongoing supervision and peer review with our Head of Coaching',
];
