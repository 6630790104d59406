import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { toast } from '@/components/ui/toast-store';
import {
  type NotificationPreferences,
  useNotificationPreferences,
} from '../api/get-notification-preferences';
import { useSaveNotificationPreferences } from '../api/save-notification-preferences';
import { SectionCard } from './section-card';

/** Which emails the parent wants. Booking, move and cancellation notices always go out. */
export function NotificationForm({ userId }: { userId: string }) {
  const prefs = useNotificationPreferences(userId);
  const save = useSaveNotificationPreferences();
  const form = useForm<NotificationPreferences>();
  const { reset } = form;
  useEffect(() => {
    if (prefs.data) reset(prefs.data);
  }, [prefs.data, reset]);
  return (
    <SectionCard
      title="Emails"
      description="We always tell you when a session is booked, moved or cancelled. The rest is up to you."
    >
      <form
        noValidate
        className="flex flex-col gap-1"
        onSubmit={form.handleSubmit((values) =>
          save.mutateAsync({ userId, ...values }).then(
            () => toast({ title: 'Email choices saved' }),
            () =>
              toast({
                title: 'Not saved',
                description: 'Please try again in a moment.',
                variant: 'destructive',
              }),
          ),
        )}
      >
        <Checkbox
          label="Session reminders (a day and an hour before)"
          {...form.register('sessionReminders')}
        />
        <Checkbox label="Your coach's weekly update" {...form.register('parentUpdates')} />
        <Checkbox
          label="An invitation to each child's check-in (every four weeks)"
          {...form.register('checkInInvitations')}
        />
        <Checkbox label="News and tips from Ploom (now and then)" {...form.register('marketing')} />
        <div className="mt-3">
          <Button type="submit" disabled={save.isPending || prefs.isPending}>
            Save email choices
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}
