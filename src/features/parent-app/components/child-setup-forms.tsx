import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { toast, toastFailure } from '@/components/ui/toast-store';
import { consentSchema } from '../api/add-child';
import type { ConsentNotice, OnboardingChild } from '../api/get-onboarding';
import { useGiveConsent } from '../api/give-consent';
import { useSavePreferredTimes } from '../api/save-preferred-times';
import { ConsentFields } from './consent-fields';
import { parseTimeValues, PreferredTimesFields, timeValue } from './preferred-times-fields';

/** Consent for a child already added (a new notice, or a child added by the team). */
export function ConsentForm({ child, notice }: { child: OnboardingChild; notice: ConsentNotice }) {
  const giveConsent = useGiveConsent();
  const { register, handleSubmit, formState } = useForm<
    z.input<typeof consentSchema>,
    unknown,
    z.output<typeof consentSchema>
  >({
    resolver: zodResolver(consentSchema),
    defaultValues: { signedName: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await giveConsent.mutateAsync({
        childId: child.id,
        noticeId: notice.id,
        signedName: values.signedName,
      });
      toast({ title: 'Thank you', description: `Your consent for ${child.firstName} is recorded.` });
    } catch (error) {
      toastFailure(error);
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={`Consent for ${child.firstName}`}>
      <ConsentFields
        childName={child.firstName}
        notice={notice}
        agreed={register('agreed')}
        signedName={register('signedName')}
        errors={{
          agreed: formState.errors.agreed?.message,
          signedName: formState.errors.signedName?.message,
        }}
        idPrefix={`consent-${child.id}`}
      />
      <Button type="submit" disabled={formState.isSubmitting} className="w-full sm:w-fit">
        Give consent
      </Button>
    </form>
  );
}

const timesSchema = z.object({
  times: z.array(z.string()).min(1, 'Pick at least one time that suits your family.'),
});

/** A child's preferred session times, editable. */
export function PreferredTimesForm({ child, onSaved }: { child: OnboardingChild; onSaved?: () => void }) {
  const save = useSavePreferredTimes();
  const { register, handleSubmit, formState } = useForm<z.infer<typeof timesSchema>>({
    resolver: zodResolver(timesSchema),
    defaultValues: { times: child.times.map((t) => timeValue(t.weekday, t.dayPart)) },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ childId: child.id, times: parseTimeValues(values.times) });
      toast({ title: 'Saved', description: `${child.firstName}'s preferred times are saved.` });
      onSaved?.();
    } catch (error) {
      toastFailure(error);
    }
  });
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="grid gap-4"
      aria-label={`Preferred times for ${child.firstName}`}
    >
      <PreferredTimesFields
        register={register('times')}
        error={formState.errors.times?.message}
        legend={`${child.firstName}'s preferred session times`}
      />
      <Button type="submit" variant="secondary" disabled={formState.isSubmitting} className="w-full sm:w-fit">
        Save times
      </Button>
    </form>
  );
}
