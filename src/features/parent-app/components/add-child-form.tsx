import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { toast, toastFailure } from '@/components/ui/toast-store';
import { challengeOptions } from '@/content/challenges';
import { useAddChild } from '../api/add-child';
import { childSchema } from '../api/add-child';
import type { ConsentNotice } from '../api/get-onboarding';
import { childAges } from '../lib/options';
import { ConsentFields } from './consent-fields';
import { parseTimeValues, PreferredTimesFields } from './preferred-times-fields';

// The form holds the preferred times as checkbox values ("4:afternoon"); the mutation's schema as objects.
const formSchema = childSchema
  .omit({ times: true })
  .extend({ times: z.array(z.string()).min(1, 'Pick at least one time that suits your family.') });
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

/** Adds a child: who they are, what to work on, consent and preferred times, in one form. */
export function AddChildForm({
  notice,
  onAdded,
}: {
  notice: ConsentNotice;
  onAdded?: (name: string) => void;
}) {
  const addChild = useAddChild();
  const { register, handleSubmit, formState, control, reset } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: { firstName: '', age: '', focusAreas: [], hopes: '', times: [], signedName: '' },
  });
  const { errors, isSubmitting } = formState;
  const firstName = useWatch({ control, name: 'firstName' }) ?? '';

  const onSubmit = handleSubmit(async (values) => {
    try {
      await addChild.mutateAsync({ ...values, times: parseTimeValues(values.times), noticeId: notice.id });
      toast({
        title: `${values.firstName.trim()} is added`,
        description: 'Thank you. Your consent is recorded.',
      });
      reset();
      onAdded?.(values.firstName.trim());
    } catch (error) {
      toastFailure(error);
    }
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="grid gap-6"
      aria-busy={isSubmitting}
      aria-label="Add a child"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          id="child-first-name"
          label="Child's first name"
          hint="First name only: we never ask for a surname."
          required
          error={errors.firstName?.message}
        >
          <Input type="text" autoComplete="off" {...register('firstName')} />
        </Field>
        <Field id="child-age" label="Age" required error={errors.age?.message}>
          <Select {...register('age')}>
            <option value="">Choose an age</option>
            {childAges.map((age) => (
              <option key={age} value={age}>
                {age}
              </option>
            ))}
          </Select>
        </Field>
      </div>

      <fieldset className="grid gap-1" aria-describedby={errors.focusAreas ? 'focus-areas-error' : undefined}>
        <legend className="text-sm font-semibold text-ink">What would you like to work on?</legend>
        <div className="grid sm:grid-cols-2">
          {challengeOptions.map((option) => (
            <Checkbox
              key={option.value}
              label={option.label}
              value={option.value}
              {...register('focusAreas')}
            />
          ))}
        </div>
        {errors.focusAreas ? (
          <p id="focus-areas-error" role="alert" className="text-sm font-medium text-red-700">
            {errors.focusAreas.message}
          </p>
        ) : null}
      </fieldset>

      <Field
        id="child-hopes"
        label="What would you like to change?"
        hint="A sentence or two in your own words, e.g. calmer bedtimes, fewer homework battles."
        optional
        error={errors.hopes?.message}
      >
        <Textarea rows={3} {...register('hopes')} />
      </Field>

      <PreferredTimesFields register={register('times')} error={errors.times?.message} />

      <ConsentFields
        childName={firstName}
        notice={notice}
        agreed={register('agreed')}
        signedName={register('signedName')}
        errors={{ agreed: errors.agreed?.message, signedName: errors.signedName?.message }}
        idPrefix="new-child"
      />

      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full sm:w-fit">
        {isSubmitting ? 'Saving...' : 'Add child'}
      </Button>
    </form>
  );
}
