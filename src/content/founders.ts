/** The three co-founders shown in "Our story" (SPEC §2 Home). */
export interface Person {
  name: string;
  role: string;
  bio: string;
  /** Two letters shown in the avatar. */
  initials: string;
  /** One of the brand avatar palettes. */
  tone: 'green' | 'sun' | 'ink';
}

export const storyParagraphs: readonly string[] = [
  'Ploom began at a kitchen table. Between us we had spent decades with children in classrooms, camps and counselling offices, and we kept seeing the same thing: kids who were bright and kind, but stuck on big feelings, self-doubt or focus, and parents who wanted to help but did not know how.',
  'Weekly help was either a long waiting list or a clinical setting most families did not need. So we built something in between: warm, skilled coaches, short video sessions that fit into a school week, and parents in the room, because lasting change happens at home.',
];

export const founders: readonly Person[] = [
  {
    name: 'Maya Ellison',
    role: 'Co-founder & Head of Coaching',
    bio: 'Former elementary school counsellor who has worked with hundreds of 7-12 year olds and trains every Ploom coach.',
    initials: 'ME',
    tone: 'green',
  },
  {
    name: 'Daniel Okafor',
    role: 'Co-founder & Family Programs',
    bio: 'Youth mentor for twelve years and dad of two, he designs the at-home tools parents actually use.',
    initials: 'DO',
    tone: 'sun',
  },
  {
    name: 'Priya Shah',
    role: 'Co-founder & Operations',
    bio: 'Built family services at two education companies; she makes sure every family is matched and supported.',
    initials: 'PS',
    tone: 'ink',
  },
];
