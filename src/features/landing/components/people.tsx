import type { Coach } from '@/content/coaches';
import type { Person } from '@/content/founders';
import { Avatar } from './avatar';

/** A founder or coach card: initials avatar, name, role, bio and, for coaches, specialties. */
export function PersonCard({ person }: { person: Person | Coach }) {
  const coach = 'specialties' in person ? person : null;
  return (
    <li className="flex flex-col rounded-3xl bg-white p-6 shadow-sm ring-1 ring-brand-100">
      <div className="flex items-center gap-4">
        <Avatar initials={person.initials} tone={person.tone} />
        <div>
          <h3 className="font-display text-xl font-bold text-ink">{person.name}</h3>
          <p className="font-semibold text-brand-700">{person.role}</p>
        </div>
      </div>
      <p className="mt-4 text-ink-muted">{person.bio}</p>
      {coach && (
        <>
          <p className="mt-3 text-sm font-semibold text-ink">{coach.experience}</p>
          <ul aria-label={`${person.name}’s specialties`} className="mt-3 flex flex-wrap gap-2">
            {coach.specialties.map((specialty) => (
              <li
                key={specialty}
                className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800"
              >
                {specialty}
              </li>
            ))}
          </ul>
        </>
      )}
    </li>
  );
}
