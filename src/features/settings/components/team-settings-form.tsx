import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import type { TeamSettings } from '../api/get-team-settings';
import {
  teamSettingsSchema,
  useUpdateTeamSettings,
  type TeamSettingsInput,
  type TeamSettingsValues,
} from '../api/update-team-settings';

/** The team's notification address and reply-time promise, which the functions read. */
export function TeamSettingsForm({ settings }: { settings: TeamSettings }) {
  const update = useUpdateTeamSettings();
  const { register, handleSubmit, formState } = useForm<TeamSettingsInput, unknown, TeamSettingsValues>({
    resolver: zodResolver(teamSettingsSchema),
    values: {
      teamNotificationEmail: settings.teamNotificationEmail,
      replyWithinHours: settings.replyWithinHours,
      messageReplyWithinHours: settings.messageReplyWithinHours,
    },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      toast({ title: 'Settings saved' });
    } catch (error) {
      toast({
        title: "Couldn't save the settings",
        description: (error as Error).message,
        variant: 'destructive',
      });
    }
  });
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Team settings"
      className="flex flex-col gap-4 rounded-2xl border border-brand-100 bg-white p-4"
    >
      <Field
        label="Team notification email"
        hint="New leads and contact messages are sent here."
        required
        error={formState.errors.teamNotificationEmail?.message}
      >
        <Input type="email" autoComplete="off" {...register('teamNotificationEmail')} />
      </Field>
      <Field
        label="Reply within (hours)"
        hint="The reply time the site and the emails promise families."
        required
        error={formState.errors.replyWithinHours?.message}
      >
        <Input type="number" inputMode="numeric" min={1} max={168} {...register('replyWithinHours')} />
      </Field>
      <Field
        label="Coaches reply to messages within (hours)"
        hint="The reply time a family sees on its messages screen."
        required
        error={formState.errors.messageReplyWithinHours?.message}
      >
        <Input type="number" inputMode="numeric" min={1} max={168} {...register('messageReplyWithinHours')} />
      </Field>
      <div>
        <Button type="submit" size="sm" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving...' : 'Save settings'}
        </Button>
      </div>
    </form>
  );
}
