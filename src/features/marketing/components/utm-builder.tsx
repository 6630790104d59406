import { Check, Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/toast-store';
import { campaignLandingPages, utmMediumSuggestions, utmSourceSuggestions } from '@/content/marketing';
import type { UtmKey } from '@/lib/attribution';
import { buildUtmUrl, emptyUtm, missingUtmFields, type UtmFields } from '../lib/utm';

const fields: {
  key: UtmKey;
  label: string;
  hint: string;
  suggestions?: readonly string[];
  optional?: boolean;
}[] = [
  {
    key: 'utm_source',
    label: 'Source',
    hint: 'Where the link is posted, e.g. facebook.',
    suggestions: utmSourceSuggestions,
  },
  {
    key: 'utm_medium',
    label: 'Medium',
    hint: 'The kind of placement, e.g. paid_social.',
    suggestions: utmMediumSuggestions,
  },
  { key: 'utm_campaign', label: 'Campaign', hint: 'One name per campaign, e.g. spring_intro_calls.' },
  {
    key: 'utm_content',
    label: 'Content',
    hint: 'Which ad or creative, e.g. calmer-homes-square.',
    optional: true,
  },
  { key: 'utm_term', label: 'Term', hint: 'Paid search keyword, if any.', optional: true },
];

async function copyText(text: string, fallbackInput: HTMLInputElement | null) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Clipboard API unavailable (e.g. not a secure context): select the text for a manual copy.
    fallbackInput?.select();
    return false;
  }
}

/**
 * Builds a campaign link to one of the landing pages. Values are normalised the way the
 * analytics report groups them; the web_analytics trigger reads them back from the page path.
 */
export function UtmBuilder({
  initialPath,
  initialCampaign,
}: {
  initialPath?: string;
  initialCampaign?: string;
}) {
  const id = useId();
  const [path, setPath] = useState(initialPath ?? campaignLandingPages[0]!.path);
  const [utm, setUtm] = useState<UtmFields>({ ...emptyUtm, utm_campaign: initialCampaign ?? '' });
  const [copied, setCopied] = useState(false);
  const url = buildUtmUrl(window.location.origin, path, utm);
  const missing = missingUtmFields(utm);
  const outputId = `${id}-url`;

  const onCopy = async () => {
    const ok = await copyText(url, document.getElementById(outputId) as HTMLInputElement | null);
    if (ok) {
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
      toast({ title: 'Link copied', description: 'Paste it into the ad or post.' });
    } else {
      toast({ title: 'Copy the selected link', description: 'Press Ctrl+C (or ⌘C) to copy it.' });
    }
  };

  return (
    <div className="space-y-6 rounded-3xl border border-brand-100 bg-white p-5 shadow-sm sm:p-8">
      <Field label="Landing page" id={`${id}-page`}>
        <Select value={path} onChange={(event) => setPath(event.target.value)}>
          {campaignLandingPages.map((page) => (
            <option key={page.path} value={page.path}>
              {page.name} ({page.path}): {page.goal}
            </option>
          ))}
        </Select>
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        {fields.map((field) => (
          <Field
            key={field.key}
            label={field.label}
            hint={field.hint}
            optional={field.optional}
            id={`${id}-${field.key}`}
          >
            <Input
              value={utm[field.key]}
              onChange={(event) => setUtm((current) => ({ ...current, [field.key]: event.target.value }))}
              list={field.suggestions ? `${id}-${field.key}-list` : undefined}
              autoComplete="off"
              spellCheck={false}
              name={field.key}
            />
          </Field>
        ))}
        {fields
          .filter((field) => field.suggestions)
          .map((field) => (
            <datalist key={field.key} id={`${id}-${field.key}-list`}>
              {field.suggestions!.map((value) => (
                <option key={value} value={value} />
              ))}
            </datalist>
          ))}
      </div>
      <div className="space-y-2">
        <label htmlFor={outputId} className="text-sm font-semibold text-ink">
          Campaign link
        </label>
        <div className="flex flex-col gap-3 sm:flex-row">
          <input
            id={outputId}
            readOnly
            value={url}
            onFocus={(event) => event.target.select()}
            className="min-h-[48px] w-full flex-1 rounded-xl border border-brand-200 bg-brand-50 px-4 font-mono text-sm text-ink"
          />
          <Button onClick={onCopy} variant="primary">
            {copied ? (
              <Check className="h-4 w-4" aria-hidden="true" />
            ) : (
              <Copy className="h-4 w-4" aria-hidden="true" />
            )}
            {copied ? 'Copied' : 'Copy link'}
          </Button>
        </div>
        <p className="text-sm text-ink-muted" aria-live="polite">
          {missing.length
            ? `Add ${missing.map((key) => key.replace('utm_', '')).join(', ')} so the campaign shows up in the report.`
            : 'Ready to share. Values are lower-cased and spaces become underscores so reports group them.'}
        </p>
      </div>
    </div>
  );
}
