export type SkillIcon = 'heart' | 'sparkles' | 'target' | 'users';

export interface Skill {
  name: string;
  description: string;
  icon: SkillIcon;
}

/** The four skills every plan builds (SPEC §2 Home). */
export const skills: readonly Skill[] = [
  {
    name: 'Emotional Regulation',
    description:
      'Naming big feelings, calming the body and bouncing back, so meltdowns get shorter and rarer.',
    icon: 'heart',
  },
  {
    name: 'Confidence',
    description: 'Trying hard things, speaking up and learning from mistakes instead of giving up.',
    icon: 'sparkles',
  },
  {
    name: 'Focus',
    description:
      'Starting tasks, staying with them and finishing, with routines that fit how your child thinks.',
    icon: 'target',
  },
  {
    name: 'Connection',
    description: 'Making friends, repairing after conflict and feeling close to the people at home.',
    icon: 'users',
  },
];
