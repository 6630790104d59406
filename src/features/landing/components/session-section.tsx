import { site } from '@/config/site';
import { sessionMoments } from '@/content/steps';
import { Section } from './section';

export function SessionSection() {
  return (
    <Section
      id="session"
      eyebrow={`${site.sessionMinutes} minutes over video`}
      title="What a session looks like"
      intro="Short enough to fit a school day, focused enough to make a difference."
    >
      <ol className="grid gap-6 md:grid-cols-3">
        {sessionMoments.map((moment, index) => (
          <li key={moment.title} className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-brand-100">
            <span className="font-display text-sm font-bold uppercase tracking-wider text-brand-700">
              Part {index + 1}
            </span>
            <h3 className="mt-2 font-display text-xl font-bold text-ink">{moment.title}</h3>
            <p className="mt-2 text-ink-muted">{moment.description}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
