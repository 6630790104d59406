import { Heart, Sparkles, Target, Users, type LucideIcon } from 'lucide-react';
import { skills, type SkillIcon } from '@/content/skills';
import { Section } from './section';

const icons: Record<SkillIcon, LucideIcon> = {
  heart: Heart,
  sparkles: Sparkles,
  target: Target,
  users: Users,
};

export function SkillsSection() {
  return (
    <Section
      id="skills"
      eyebrow="What we build together"
      title="Four skills for steadier days"
      intro="Every plan works on the skills that make school mornings, homework and bedtime easier."
      tone="white"
    >
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {skills.map((skill) => {
          const Icon = icons[skill.icon];
          return (
            <li key={skill.name} className="rounded-3xl bg-cream p-6 ring-1 ring-brand-100">
              <span className="inline-flex h-12 w-12 items-center justify-center rounded-2xl bg-brand-100 text-brand-800">
                <Icon className="h-6 w-6" aria-hidden="true" />
              </span>
              <h3 className="mt-4 font-display text-xl font-bold text-ink">{skill.name}</h3>
              <p className="mt-2 text-ink-muted">{skill.description}</p>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
