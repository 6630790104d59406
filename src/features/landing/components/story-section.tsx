import { Link } from '@/lib/navigation';
import { paths } from '@/config/paths';
import { founders, storyParagraphs } from '@/content/founders';
import { sectionIds } from '@/content/nav';
import { PersonCard } from './people';
import { Section } from './section';

/** Our story and the three co-founders. */
export function StorySection() {
  return (
    <Section id={sectionIds.story} eyebrow="Our story" title="Built by people who have sat where you sit">
      <div className="mx-auto grid max-w-3xl gap-4 text-lg text-ink-muted">
        {storyParagraphs.map((paragraph) => (
          <p key={paragraph.slice(0, 24)}>{paragraph}</p>
        ))}
      </div>
      <h3 className="sr-only">Our co-founders</h3>
      <ul className="mt-12 grid gap-6 md:grid-cols-3">
        {founders.map((founder) => (
          <PersonCard key={founder.name} person={founder} />
        ))}
      </ul>
      <p className="mt-10 text-center text-lg text-ink-muted">
        Every family is matched with one of our carefully chosen coaches.{' '}
        <Link
          to={paths.coaches}
          className="font-bold text-brand-700 underline underline-offset-4 hover:text-brand-800"
        >
          Meet our coaches
        </Link>
      </p>
    </Section>
  );
}
