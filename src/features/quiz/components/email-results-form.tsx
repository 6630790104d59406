import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from '@/lib/navigation';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { emailResultsSchema, useEmailQuizResults, type EmailResultsInput } from '../api/email-results';

/** "Email me my results": opt-in only, the box starts unticked. */
export function EmailResultsForm({ assessmentId }: { assessmentId: string }) {
  const mutation = useEmailQuizResults();
  const form = useForm<EmailResultsInput>({
    resolver: zodResolver(emailResultsSchema),
    defaultValues: { email: '', consent: false },
  });
  const { errors } = form.formState;
  const wantsEmail = useWatch({ control: form.control, name: 'consent' });

  const submit = form.handleSubmit(({ email }) =>
    mutation.mutate(
      { assessmentId, email },
      {
        onError: () =>
          toast({
            title: 'Something went wrong',
            description: 'We could not save your email. Please try again.',
            variant: 'destructive',
          }),
      },
    ),
  );

  return (
    <section aria-labelledby="email-title" className="space-y-3 rounded-3xl bg-brand-50 p-6 sm:p-8">
      <h2 id="email-title" className="font-display text-xl font-bold">
        Keep a copy
      </h2>
      <div aria-live="polite">
        {mutation.isSuccess ? (
          <p className="font-semibold text-brand-900">
            Thank you. We have saved your email with these results and will send you a copy.
          </p>
        ) : null}
      </div>
      {mutation.isSuccess ? null : (
        <form onSubmit={submit} noValidate className="space-y-3">
          <Checkbox
            label={
              <>
                <strong>Email me my results.</strong> I agree that Ploom may store my email with this
                assessment and send me a copy. We never sell your data (see our{' '}
                <Link
                  to={paths.privacy}
                  className="font-semibold text-brand-800 underline underline-offset-4"
                >
                  privacy policy
                </Link>
                ).
              </>
            }
            error={errors.consent?.message}
            {...form.register('consent')}
          />
          {wantsEmail ? (
            <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
              <Field label="Your email" error={errors.email?.message} className="flex-1" required>
                <Input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
              </Field>
              <Button type="submit" disabled={mutation.isPending}>
                {mutation.isPending ? 'Sending...' : 'Email my results'}
              </Button>
            </div>
          ) : null}
        </form>
      )}
    </section>
  );
}
