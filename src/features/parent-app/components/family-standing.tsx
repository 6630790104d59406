import type { FamilyStanding } from '../api/get-family-standing';

/** Where a family without a coach stands: waiting for a match, and the beta's 25 family places. */
export function FamilyStandingNote({ standing }: { standing: FamilyStanding }) {
  const left = Math.max(0, standing.betaPlacesTotal - standing.betaPlacesTaken);
  let beta: string;
  if (standing.holdsBetaPlace)
    beta = `You have one of our first ${standing.betaPlacesTotal} beta family places.`;
  else if (left > 0)
    beta = `Beta: ${left} of our first ${standing.betaPlacesTotal} family places are still open. Yours is held once you are matched.`;
  else
    beta = `Our first ${standing.betaPlacesTotal} beta places are taken, so you are on the waitlist. We will write as soon as a coach is free.`;
  return (
    <section aria-labelledby="family-standing" className="rounded-3xl border border-sun-400 bg-sun-100 p-5">
      <h2 id="family-standing" className="font-display text-xl font-extrabold text-ink">
        Where you stand
      </h2>
      <ol className="mt-2 grid gap-1 text-ink">
        <li>✓ Your details are in.</li>
        <li>
          {standing.leadStatus === 'enrolled'
            ? '✓ You are accepted: we are choosing the right coach for your family.'
            : '… Waiting for your match: we reply within 24 hours, and start is typically within a week of the intro call.'}
        </li>
        <li>{beta}</li>
      </ol>
    </section>
  );
}
