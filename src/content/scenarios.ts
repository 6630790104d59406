/** Real-life moments families bring to coaching (SPEC §2 Home: bedtime, homework, "I can't do this"). */
export interface Scenario {
  moment: string;
  title: string;
  before: string;
  after: string;
}

export const scenarios: readonly Scenario[] = [
  {
    moment: '8:30 pm',
    title: 'Bedtime',
    before: 'One more story, one more glass of water, then tears and slammed doors.',
    after: 'A wind-down routine your child helped design, and a calm-body trick they use on their own.',
  },
  {
    moment: '4:00 pm',
    title: 'Homework',
    before: 'An hour of stalling for ten minutes of work, and everyone ends up frustrated.',
    after: 'Small steps, a visual plan and built-in breaks, so starting feels possible.',
  },
  {
    moment: 'Any time',
    title: '“I can’t do this”',
    before: 'A hard moment turns into giving up, and a bad day becomes “I’m bad at everything.”',
    after: 'Your child learns to pause, try a strategy and say “I can’t do this yet,” with you cheering.',
  },
];
