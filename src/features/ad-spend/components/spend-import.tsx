import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { ImportRefused, useImportAdSpend, type ImportCounts } from '../api/import-ad-spend';
import { formatMoney, amountToMinor } from '../lib/money';
import { decodeSpendFile, parseSpendCsv, type SpendParseResult, type SpendRow } from '../lib/spend-csv';

/** The business counts in one currency (Stripe's prices); a file that names none is read in it. */
const CURRENCY = 'USD';

const sourceName = { 'google-ads': 'Google Ads', meta: 'Meta' } as const;

const countsText = ({ inserted, updated, unchanged }: ImportCounts) =>
  `${inserted} new, ${updated} changed, ${unchanged} already as the file says.`;

/** What a file holds, in one line: the platform, the days and campaigns, and the total. */
function summary(file: SpendParseResult): string {
  const campaigns = new Set(file.rows.map((r) => r.campaign)).size;
  const days = [...new Set(file.rows.map((r) => r.day))].sort();
  const total = file.rows.reduce((sum, r) => sum + r.amountMinor, 0);
  return `${sourceName[file.format!]}: ${file.rows.length} days of spend for ${campaigns} campaign${
    campaigns === 1 ? '' : 's'
  }, ${days[0]} to ${days.at(-1)}, ${formatMoney(total, file.rows[0]?.currency ?? CURRENCY)} in all.`;
}

/**
 * Ad spend imported from a platform's own export (Google Ads' campaign report, Meta's Ads Manager
 * export): read and checked here, every unreadable line named; saved all at once or not at all.
 * The same file again changes nothing.
 */
export function SpendImport() {
  const fileId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<{ name: string; parsed: SpendParseResult } | null>(null);
  const [refusal, setRefusal] = useState<string[] | null>(null);
  const save = useImportAdSpend();

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    setRefusal(null);
    const chosen = event.target.files?.[0];
    if (!chosen) return setFile(null);
    const text = decodeSpendFile(new Uint8Array(await chosen.arrayBuffer()));
    setFile({ name: chosen.name, parsed: parseSpendCsv(text, { currency: CURRENCY }) });
  };

  const parsed = file?.parsed;
  const readable = parsed && parsed.format !== null && parsed.errors.length === 0 && parsed.rows.length > 0;

  const onImport = async () => {
    if (!readable) return;
    try {
      const counts = await save.mutateAsync({ rows: parsed.rows, source: parsed.format! });
      toast({ title: 'Spend imported', description: countsText(counts) });
      setFile(null);
      if (input.current) input.current.value = '';
    } catch (error) {
      const rows = error instanceof ImportRefused ? error.rows : [];
      setRefusal([
        (error as Error).message,
        ...rows.map((r) => {
          const row = parsed.rows[r.index];
          return row ? `${row.day}, ${row.campaign}: ${r.reason}` : r.reason;
        }),
      ]);
    }
  };

  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-brand-100 bg-white p-4">
      <h3 className="font-display text-lg font-bold">Import a platform&apos;s export</h3>
      <Field
        id={fileId}
        label="Spend file"
        hint="Google Ads: the campaign report by day (Day, Campaign, Cost). Meta: the Ads Manager export by day (Day, Campaign name, Amount spent). CSV or tab-separated."
      >
        <input
          ref={input}
          type="file"
          accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values"
          onChange={(event) => void onFile(event)}
          className="block w-full max-w-full text-sm file:mr-3 file:min-h-[44px] file:rounded-full file:border-2 file:border-brand-700 file:bg-white file:px-4 file:font-semibold file:text-brand-800"
        />
      </Field>
      {parsed && !readable ? (
        <div role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-900">
          <p className="font-semibold">
            Nothing was imported from {file.name}: fix{' '}
            {parsed.errors.length === 1 ? 'this line' : 'these lines'} and choose the file again.
          </p>
          <ul className="mt-1 list-disc pl-5">
            {parsed.errors.map((e) => (
              <li key={`${e.line}-${e.reason}`}>
                Line {e.line}: {e.reason}
              </li>
            ))}
            {parsed.errors.length === 0 ? <li>The file holds no spend.</li> : null}
          </ul>
        </div>
      ) : null}
      {readable ? (
        <div className="flex flex-col gap-2">
          <p role="status">{summary(parsed)}</p>
          <div>
            <Button type="button" size="sm" onClick={() => void onImport()} disabled={save.isPending}>
              {save.isPending ? 'Importing…' : 'Import the spend'}
            </Button>
          </div>
        </div>
      ) : null}
      {refusal ? (
        <div role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-900">
          <p className="font-semibold">Nothing was imported.</p>
          <ul className="mt-1 list-disc pl-5">
            {refusal.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** One day's spend on one campaign, entered by hand (an ad bought outside the two platforms). */
export function SpendEntry() {
  const [values, setValues] = useState({ day: '', campaign: '', amount: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof typeof values, string>>>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const save = useImportAdSpend();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSaveError(null);
    const found: typeof errors = {};
    if (!/^\d{4}-\d{2}-\d{2}$/.test(values.day)) found.day = 'Choose the day of the spend.';
    const campaign = values.campaign.trim();
    if (!campaign) found.campaign = 'Enter the campaign as its ads name it (their utm_campaign).';
    else if (campaign.length > 200) found.campaign = 'A campaign name is at most 200 characters.';
    const amountMinor = amountToMinor(values.amount, CURRENCY);
    if (amountMinor === null) found.amount = 'Enter the amount in dollars, such as 125 or 125.50.';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const row: SpendRow = { day: values.day, campaign, amountMinor: amountMinor!, currency: CURRENCY };
    try {
      const counts = await save.mutateAsync({ rows: [row], source: 'manual' });
      toast({ title: 'Spend saved', description: countsText(counts) });
      setValues({ day: '', campaign: '', amount: '' });
    } catch (error) {
      const rows = error instanceof ImportRefused ? error.rows.map((r) => r.reason) : [];
      setSaveError([(error as Error).message, ...rows].join(' '));
    }
  };

  const set = (key: keyof typeof values) => (event: ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-3 rounded-2xl border border-brand-100 bg-white p-4"
    >
      <h3 className="font-display text-lg font-bold">Enter spend by hand</h3>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Field label="Day" error={errors.day} required>
          <Input type="date" value={values.day} onChange={set('day')} />
        </Field>
        <Field label="Campaign" error={errors.campaign} required>
          <Input value={values.campaign} onChange={set('campaign')} autoComplete="off" />
        </Field>
        <Field label="Amount (USD)" error={errors.amount} required>
          <Input inputMode="decimal" value={values.amount} onChange={set('amount')} autoComplete="off" />
        </Field>
      </div>
      {saveError ? (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-medium text-red-800">
          {saveError}
        </p>
      ) : null}
      <div>
        <Button type="submit" size="sm" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save the spend'}
        </Button>
      </div>
    </form>
  );
}
