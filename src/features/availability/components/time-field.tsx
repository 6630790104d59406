import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

/**
 * One labelled time of a span ("From", "Until"), in 5-minute steps: the weekly hours and the date
 * overrides build their spans of two of these.
 */
export function TimeField({
  id,
  label,
  value,
  onChange,
  hideLabel,
  invalid,
  describedBy,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** the label for assistive technology only (the day's name stands beside the row) */
  hideLabel?: boolean;
  invalid?: boolean;
  /** the id of an error shown once for the whole span */
  describedBy?: string;
}) {
  return (
    <Field id={id} label={label} hideLabel={hideLabel} className="gap-1">
      <Input
        type="time"
        step={300}
        value={value}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
        className="w-32"
      />
    </Field>
  );
}
