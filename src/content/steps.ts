/** How it works: four steps (SPEC §2 Home). */
export interface Step {
  title: string;
  description: string;
}

export const howItWorksSteps: readonly Step[] = [
  {
    title: 'Request a free intro call',
    description:
      'Tell us a little about your child. We reply within 24 hours and book a free 15-minute call.',
  },
  {
    title: 'Get matched with your coach',
    description: 'We pair your family with a coach who fits your child’s needs, personality and schedule.',
  },
  {
    title: 'Begin weekly sessions',
    description:
      'Most families start within a week of the intro call: 30-minute video sessions, parents included.',
  },
  {
    title: 'See progress at home',
    description: 'At-home tools and weekly parent updates turn each session into calmer days at home.',
  },
];

/** What a session looks like: three cards (SPEC §2 Home). */
export const sessionMoments: readonly Step[] = [
  {
    title: 'Check in & connect',
    description:
      'Your child shares a win and a worry from the week. The coach builds trust through play and conversation.',
  },
  {
    title: 'Learn & practise a skill',
    description:
      'A game, story or role-play teaches one skill, such as a calm-down plan or a focus routine, and your child tries it right away.',
  },
  {
    title: 'Bring it home',
    description:
      'You join for the last minutes: what we practised, how to cheer it on this week, and a simple at-home tool.',
  },
];

/** "Why Ploom": the trust section the site nav scrolls to. */
export const trustPoints: readonly Step[] = [
  {
    title: 'Carefully chosen coaches',
    description:
      'Every coach has years of experience with children 7-12, passes a background check and is trained in our approach.',
  },
  {
    title: 'Parents in the room',
    description: 'You join every session and get a weekly update, so nothing happens behind a closed door.',
  },
  {
    title: 'Developmental education',
    description:
      'We teach everyday skills through play and practice. We are not therapy, tutoring or medical treatment, and we say so.',
  },
  {
    title: 'No long contracts',
    description: 'Monthly plans can be cancelled or paused at any time.',
  },
];
