import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { toast, type ToastInput } from '@/components/ui/toast-store';
import { challengeOptions, type Challenge } from '@/content/challenges';
import { messages } from '@/content/messages';
import { cn } from '@/lib/cn';
import { lazyZodResolver } from '@/lib/forms/lazy-resolver';
import { useSubmissionId } from '@/lib/forms/use-submission-id';
import { useSubmitOnce } from '@/lib/forms/use-submit-once';
import { useHydrated } from '@/lib/use-hydrated';
import {
  emptyLeadForm,
  useJoinWaitlist,
  type LeadFormValues,
  type WaitlistSource,
} from '../api/join-waitlist';

export interface LeadValues {
  name: string;
  email: string;
  phone: string | null;
  childName: string | null;
  childAge: string | null;
  challenge: Challenge | null;
}

export type LeadFieldName = keyof LeadFormValues;

export interface LeadFieldConfig {
  name: LeadFieldName;
  label: string;
  optional?: boolean;
  placeholder?: string;
  hint?: string;
  /** Spans both columns on wide screens. */
  wide?: boolean;
}

export interface LeadFormProps {
  /** Prefix for the controls' ids (unique per page). */
  idPrefix: string;
  /** Loads the form's schema (a module of its own: see src/lib/forms/lazy-resolver.ts). */
  loadSchema: () => Promise<z.ZodType<LeadValues, LeadFormValues>>;
  source: WaitlistSource;
  landingPath?: string;
  fields: LeadFieldConfig[];
  submitLabel: string;
  successToast: ToastInput;
  /** After the success toast and the form reset (with the intro call's link token, if any). */
  onSuccess?: (result: { bookingToken?: string }) => void;
  /** Shown under the button. */
  footnote?: React.ReactNode;
  className?: string;
}

const inputProps: Record<Exclude<LeadFieldName, 'challenge'>, React.InputHTMLAttributes<HTMLInputElement>> = {
  name: { type: 'text', autoComplete: 'name' },
  email: { type: 'email', autoComplete: 'email', inputMode: 'email', spellCheck: false },
  phone: { type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  childName: { type: 'text', autoComplete: 'off' },
  childAge: { type: 'text', autoComplete: 'off', inputMode: 'numeric' },
};

/**
 * A lead form that saves a waitlist row. While submitting, the button reads "Submitting..." and is
 * disabled; a failure keeps everything typed; the row's id is generated here and kept until the
 * save succeeds, so a repeated submit never creates a second row.
 */
export function LeadForm({
  idPrefix,
  loadSchema,
  source,
  landingPath,
  fields,
  submitLabel,
  successToast,
  onSuccess,
  footnote,
  className,
}: LeadFormProps) {
  const [validation] = useState(() => lazyZodResolver(loadSchema));
  const form = useForm<LeadFormValues, unknown, LeadValues>({
    resolver: validation.resolver,
    defaultValues: emptyLeadForm,
    shouldFocusError: true,
  });
  const { register, handleSubmit, reset, formState } = form;
  const { errors, isSubmitting } = formState;
  const hydrated = useHydrated();
  const [submissionId, renewSubmissionId] = useSubmissionId();
  const joinWaitlist = useJoinWaitlist();
  const save = useSubmitOnce(async (values: LeadValues) => {
    let result: { bookingToken?: string };
    try {
      result = await joinWaitlist.mutateAsync({ ...values, id: submissionId, source, landingPath });
    } catch {
      toast(messages.waitlistError);
      return;
    }
    toast(successToast);
    reset(emptyLeadForm);
    renewSubmissionId();
    onSuccess?.(result);
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => handleSubmit(save)(event);

  return (
    <form noValidate onSubmit={onSubmit} onFocus={validation.preload} aria-busy={isSubmitting}>
      {/* Disabled in the prerendered HTML until the form's code runs (nothing typed is lost). */}
      <fieldset
        disabled={!hydrated}
        className={cn('grid min-w-0 grid-cols-1 gap-5 sm:grid-cols-2', className)}
      >
        {fields.map((field) => {
          const id = `${idPrefix}-${field.name}`;
          const error = errors[field.name]?.message;
          return (
            <Field
              key={field.name}
              id={id}
              label={field.label}
              optional={field.optional}
              required={!field.optional}
              hint={field.hint}
              error={error}
              className={cn(field.wide && 'sm:col-span-2')}
            >
              {field.name === 'challenge' ? (
                <Select {...register('challenge')}>
                  <option value="">Select a focus area</option>
                  {challengeOptions.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </Select>
              ) : (
                <Input
                  {...inputProps[field.name]}
                  placeholder={field.placeholder}
                  required={!field.optional}
                  {...register(field.name)}
                />
              )}
            </Field>
          );
        })}
        <div className="flex flex-col gap-3 sm:col-span-2">
          <Button type="submit" size="lg" fullWidth disabled={isSubmitting}>
            {isSubmitting ? messages.submitting : submitLabel}
          </Button>
          {footnote ? <p className="text-center text-sm text-ink-muted">{footnote}</p> : null}
        </div>
      </fieldset>
    </form>
  );
}
