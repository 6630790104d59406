import { minorUnitDigits } from './spend-csv';

const formatters = new Map<string, Intl.NumberFormat>();

/** An amount in minor units (cents) as money, e.g. 165924 USD → "$1,659.24"; null → "—". */
export function formatMoney(minor: number | null, currency: string): string {
  if (minor === null || !Number.isFinite(minor)) return '—';
  const digits = minorUnitDigits(currency);
  let format = formatters.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(currency, format);
  }
  return format.format(minor / 10 ** digits);
}

/** Revenue over spend as "2.4×"; null (no spend) → "—". */
export const formatReturn = (ratio: number | null) => (ratio === null ? '—' : `${ratio.toFixed(1)}×`);

/** A typed amount ("12", "12.5", "1,234.56") in minor units, or null when it is not one. */
export function amountToMinor(text: string, currency: string): number | null {
  const digits = minorUnitDigits(currency);
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match || (match[2] ?? '').length > digits) return null;
  const whole = Number(match[1]!.replace(/,/g, ''));
  const fraction = Number((match[2] ?? '').padEnd(digits, '0') || '0');
  const minor = whole * 10 ** digits + fraction;
  return Number.isSafeInteger(minor) ? minor : null;
}
