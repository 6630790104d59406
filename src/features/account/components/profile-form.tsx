import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { useProfile } from '../api/get-profile';
import { profileSchema, useUpdateProfile } from '../api/update-profile';
import { SectionCard } from './section-card';

/** Names and contact phone. */
export function ProfileForm({ userId }: { userId: string }) {
  const profile = useProfile(userId);
  const update = useUpdateProfile();
  const form = useForm<z.input<typeof profileSchema>, unknown, z.output<typeof profileSchema>>({
    resolver: zodResolver(profileSchema),
    defaultValues: { firstName: '', lastName: '', phone: '' },
  });
  const { reset } = form;
  useEffect(() => {
    if (profile.data) reset(profile.data);
  }, [profile.data, reset]);
  const errors = form.formState.errors;
  return (
    <SectionCard
      title="Your details"
      description="The name your coach knows you by, and a phone number for the day of a session."
    >
      <form
        noValidate
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={form.handleSubmit((values) =>
          update.mutateAsync({ userId, ...values }).then(
            () => toast({ title: 'Your details are saved' }),
            () =>
              toast({
                title: 'Not saved',
                description: 'Please try again in a moment.',
                variant: 'destructive',
              }),
          ),
        )}
      >
        <Field label="First name" required error={errors.firstName?.message}>
          <Input autoComplete="given-name" {...form.register('firstName')} />
        </Field>
        <Field label="Last name" optional error={errors.lastName?.message}>
          <Input autoComplete="family-name" {...form.register('lastName')} />
        </Field>
        <Field label="Contact phone" optional error={errors.phone?.message} className="sm:col-span-2">
          <Input type="tel" autoComplete="tel" {...form.register('phone')} />
        </Field>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={update.isPending || profile.isPending}>
            Save details
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}
