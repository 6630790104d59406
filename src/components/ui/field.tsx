import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface ControlProps {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}

export interface FieldProps {
  /** The visible label. */
  label: ReactNode;
  /** The one form control (input, select, textarea); it receives id and aria attributes. */
  children: ReactElement<ControlProps>;
  /** The error text to show under the control; marks it aria-invalid. */
  error?: string;
  /** Help text shown under the label. */
  hint?: ReactNode;
  /** Shows "(optional)" after the label. */
  optional?: boolean;
  /** Marks the control required for assistive technology. */
  required?: boolean;
  className?: string;
  /** Overrides the generated id. */
  id?: string;
  /** Keeps the label for assistive technology only (a row of controls a visible heading names). */
  hideLabel?: boolean;
}

/**
 * One accessible form field: a label tied to its control, optional hint, and an error message
 * announced by screen readers (aria-invalid + aria-describedby).
 */
export function Field({
  label,
  children,
  error,
  hint,
  optional,
  required,
  className,
  id,
  hideLabel,
}: FieldProps) {
  const generated = useId();
  const controlId = id ?? children.props.id ?? `field-${generated}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy =
    [children.props['aria-describedby'], hintId, errorId].filter(Boolean).join(' ') || undefined;

  const control = isValidElement(children)
    ? cloneElement(children, {
        id: controlId,
        'aria-invalid': error ? true : children.props['aria-invalid'],
        'aria-describedby': describedBy,
        'aria-required': required || undefined,
      })
    : children;

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={controlId} className={cn('text-sm font-semibold text-ink', hideLabel && 'sr-only')}>
        {label}
        {optional ? <span className="ml-1 font-normal text-ink-muted">(optional)</span> : null}
      </label>
      {hint ? (
        <p id={hintId} className="text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      {control}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
