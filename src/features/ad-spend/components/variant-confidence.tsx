import { RowHeader, Table, TD, TR } from '@/components/ui/table';
import type { CockpitRow } from '../api/get-cockpit';
import {
  compareVariants,
  MIN_CONVERSIONS_PER_PAIR,
  MIN_VISITORS_PER_VARIANT,
  PLAIN_WORDS,
  type VariantComparison,
} from '../lib/confidence';

const NUMBER = 'text-right tabular-nums';
const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

/** One variant against the best at one conversion: its chance of truly being better, and the verdict. */
function Chance({ comparison, anyVerdict }: { comparison: VariantComparison; anyVerdict: boolean }) {
  if (comparison.isBest) {
    return (
      <span className="font-semibold">
        Highest so far
        {anyVerdict ? null : (
          <span className="block text-xs font-normal text-ink-muted">Not enough data yet</span>
        )}
      </span>
    );
  }
  const chance = percent.format(comparison.probabilityBetterThanBest ?? 0);
  const verdict = comparison.verdict ?? 'not enough data yet';
  return (
    <span>
      {chance}
      <span className="block text-xs text-ink-muted">
        {verdict.charAt(0).toUpperCase() + verdict.slice(1)}
      </span>
    </span>
  );
}

const rateOf = (c: VariantComparison) => (c.rate === null ? '—' : percent.format(c.rate));

/**
 * For each landing variant against the best one: the chance it truly converts visitors better, to
 * leads and to enrolled families (a Bayesian comparison of the two rates), with a verdict only once
 * both have enough visitors and conversions.
 */
export function VariantConfidence({ rows }: { rows: CockpitRow[] }) {
  const variants = rows.filter((row) => row.dimension === 'variant' && row.key !== null);
  if (variants.length < 2) {
    return <p>Two landing variants with visitors are needed for a comparison.</p>;
  }
  const leads = compareVariants(
    variants.map((v) => ({ key: v.key!, visitors: v.visitors, conversions: Math.min(v.leads, v.visitors) })),
  );
  const enrolled = compareVariants(
    variants.map((v) => ({
      key: v.key!,
      visitors: v.visitors,
      conversions: Math.min(v.enrolled, v.visitors),
    })),
  );
  const anyLeadVerdict = leads.some((c) => !c.isBest && c.verdict !== 'not enough data yet');
  const anyEnrolledVerdict = enrolled.some((c) => !c.isBest && c.verdict !== 'not enough data yet');
  return (
    <div className="flex flex-col gap-3">
      <Table
        density="sm"
        caption="Each landing variant against the best one: the chance it truly converts visitors better"
        columns={[
          'Variant',
          ...[
            'Visitors',
            'Lead rate',
            'Chance it beats the best at leads',
            'Enrolment rate',
            'Chance it beats the best at enrolments',
          ].map((label) => ({ label, className: NUMBER })),
        ]}
        scrollLabel="Confidence between variants"
        minWidth="min-w-[48rem]"
      >
        {variants.map((variant, i) => (
          <TR key={variant.key}>
            <RowHeader strong className="[overflow-wrap:anywhere]">
              {variant.key}
            </RowHeader>
            <TD className={NUMBER}>{variant.visitors}</TD>
            <TD className={NUMBER}>{rateOf(leads[i]!)}</TD>
            <TD className={NUMBER}>
              <Chance comparison={leads[i]!} anyVerdict={anyLeadVerdict} />
            </TD>
            <TD className={NUMBER}>{rateOf(enrolled[i]!)}</TD>
            <TD className={NUMBER}>
              <Chance comparison={enrolled[i]!} anyVerdict={anyEnrolledVerdict} />
            </TD>
          </TR>
        ))}
      </Table>
      <p className="text-sm text-ink-muted">
        {PLAIN_WORDS} Below {MIN_VISITORS_PER_VARIANT} visitors for each of the two variants, or{' '}
        {MIN_CONVERSIONS_PER_PAIR} conversions between them, the report says &quot;not enough data yet&quot;
        rather than name a winner. Likely better or worse means a chance of at least 95% either way.
      </p>
    </div>
  );
}
