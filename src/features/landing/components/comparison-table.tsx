import { Check, Minus } from 'lucide-react';
import { comparisonRows, formatPrice, plansForVariant, type ComparisonValue } from '@/content/plans';
import { priorityScheduling } from '@/content/priority-scheduling';
import type { LandingVariant } from '@/content/variants';
import { Section } from './section';

function Value({ value }: { value: ComparisonValue }) {
  if (value === true) {
    return (
      <>
        <Check className="mx-auto h-5 w-5 text-brand-700" aria-hidden="true" />
        <span className="sr-only">Included</span>
      </>
    );
  }
  if (value === false) {
    return (
      <>
        <Minus className="mx-auto h-5 w-5 text-ink-muted" aria-hidden="true" />
        <span className="sr-only">Not included</span>
      </>
    );
  }
  return <>{value}</>;
}

/** The plan comparison: a real table that stays readable down to 320 px. */
export function ComparisonSection({ variant }: { variant: LandingVariant }) {
  const variantPlans = plansForVariant(variant);
  return (
    <Section id="compare" eyebrow="Compare" title="Compare plans side by side" tone="white">
      <div className="-mx-2 overflow-hidden rounded-3xl ring-1 ring-brand-100 min-[360px]:mx-auto min-[360px]:max-w-4xl">
        <table className="w-full table-fixed border-collapse text-left text-xs min-[360px]:text-sm sm:text-base">
          <caption className="sr-only">What each plan includes</caption>
          <colgroup>
            <col className="w-[27%] sm:w-2/5" />
            <col />
            <col />
            <col />
          </colgroup>
          <thead className="bg-brand-800 text-white">
            <tr>
              <th scope="col" className="py-2 pl-2 pr-1 font-display font-bold min-[360px]:pl-3 sm:p-4">
                Feature
              </th>
              {variantPlans.map((plan) => (
                <th
                  key={plan.id}
                  scope="col"
                  className="px-0.5 py-2 text-center font-display text-[11px] min-[360px]:px-1 font-bold min-[360px]:text-sm sm:p-4 sm:text-base"
                >
                  {plan.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr className="border-b border-brand-100 bg-brand-50">
              <th scope="row" className="py-2 pl-2 pr-1 font-semibold min-[360px]:pl-3 text-ink sm:p-4">
                Price per month
              </th>
              {variantPlans.map((plan) => (
                <td
                  key={plan.id}
                  className="px-1 py-2 text-center font-display font-extrabold text-ink sm:p-4"
                >
                  {formatPrice(plan.price)}
                </td>
              ))}
            </tr>
            {comparisonRows.map((row) => (
              <tr key={row.feature} className="border-b border-brand-100 last:border-0 even:bg-cream">
                <th scope="row" className="py-2 pl-2 pr-1 font-semibold min-[360px]:pl-3 text-ink sm:p-4">
                  {row.feature}
                </th>
                {row.values.map((value, index) => (
                  <td key={variantPlans[index].id} className="px-1 py-2 text-center text-ink sm:p-4">
                    <Value value={value} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mx-auto mt-4 max-w-4xl text-sm text-ink-muted">{priorityScheduling.rule}</p>
    </Section>
  );
}
