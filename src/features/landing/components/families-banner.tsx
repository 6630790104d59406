import { Home } from 'lucide-react';

/** "Families, not just kids": parents are part of every session. */
export function FamiliesBanner() {
  return (
    <section aria-labelledby="families-heading" className="bg-brand-800 py-14 text-white">
      <div className="mx-auto flex max-w-5xl flex-col items-center gap-4 px-4 text-center sm:px-6">
        <span className="inline-flex h-14 w-14 items-center justify-center rounded-full bg-sun-400 text-ink">
          <Home className="h-7 w-7" aria-hidden="true" />
        </span>
        <h2 id="families-heading" className="font-display text-3xl font-extrabold sm:text-4xl">
          We coach families, not just kids.
        </h2>
        <p className="max-w-2xl text-lg text-brand-50">
          You join every session, get a weekly update and leave with tools for the week ahead. Skills your
          child learns with a coach grow strongest when they are practised at home, with you.
        </p>
      </div>
    </section>
  );
}
