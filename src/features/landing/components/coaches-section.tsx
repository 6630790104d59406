import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { coaches } from '@/content/coaches';
import { sectionIds } from '@/content/nav';
import { PersonCard } from './people';
import { Section } from './section';

/** Three sample coaches, with a link to the coaches page. */
export function CoachesSection() {
  return (
    <Section
      id={sectionIds.coaches}
      eyebrow="Our coaches"
      title="Meet a few of our coaches"
      intro="Warm, experienced and trained in our approach. We match your child with the coach who fits."
    >
      <ul className="grid gap-6 md:grid-cols-3">
        {coaches.map((coach) => (
          <PersonCard key={coach.name} person={coach} />
        ))}
      </ul>
      <div className="mt-10 flex justify-center">
        <ButtonLink to={paths.coaches} variant="secondary">
          Meet all our coaches
        </ButtonLink>
      </div>
    </Section>
  );
}
