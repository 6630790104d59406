import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { meetingKindNames, type MeetingRule } from '../api/get-meeting-rules';
import {
  meetingRuleSchema,
  useUpdateMeetingRule,
  type MeetingRuleInput,
  type MeetingRuleValues,
} from '../api/update-meeting-rule';

/** One kind of meeting's rules (admins only): what the open times are computed from. */
export function MeetingRuleForm({ rule }: { rule: MeetingRule }) {
  const update = useUpdateMeetingRule();
  const name = meetingKindNames[rule.kind];
  const { register, handleSubmit, formState } = useForm<MeetingRuleInput, unknown, MeetingRuleValues>({
    resolver: zodResolver(meetingRuleSchema),
    values: {
      lengthMinutes: rule.lengthMinutes,
      bufferMinutes: rule.bufferMinutes,
      minimumNoticeHours: rule.minimumNoticeMinutes / 60,
      bookingWindowDays: rule.bookingWindowDays,
      dailyMaximum: rule.dailyMaximum ?? '',
      slotStepMinutes: rule.slotStepMinutes,
    },
    resetOptions: { keepDirtyValues: true },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ kind: rule.kind, values });
      toast({ title: `${name} rules saved` });
    } catch (error) {
      toast({
        title: `Couldn't save the ${name.toLowerCase()} rules`,
        description: (error as Error).message,
        variant: 'destructive',
      });
    }
  });
  const errors = formState.errors;
  const number = { type: 'number', inputMode: 'numeric' } as const;
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={`${name} rules`}
      className="flex flex-col gap-3 rounded-2xl border border-brand-100 bg-white p-4"
    >
      <h3 className="font-display text-lg font-bold">{name}</h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={`${name} length (minutes)`} error={errors.lengthMinutes?.message}>
          <Input {...number} min={10} max={120} {...register('lengthMinutes')} />
        </Field>
        <Field label={`${name} buffer before and after (minutes)`} error={errors.bufferMinutes?.message}>
          <Input {...number} min={0} max={120} {...register('bufferMinutes')} />
        </Field>
        <Field label={`${name} minimum notice (hours)`} error={errors.minimumNoticeHours?.message}>
          <Input
            type="number"
            inputMode="decimal"
            step="any"
            min={0}
            max={720}
            {...register('minimumNoticeHours')}
          />
        </Field>
        <Field label={`${name} booking window (days ahead)`} error={errors.bookingWindowDays?.message}>
          <Input {...number} min={1} max={365} {...register('bookingWindowDays')} />
        </Field>
        <Field
          label={`${name} daily maximum per host`}
          hint="Empty: no limit."
          error={errors.dailyMaximum?.message}
        >
          <Input {...number} min={1} max={48} {...register('dailyMaximum')} />
        </Field>
        <Field label={`${name} step between start times (minutes)`} error={errors.slotStepMinutes?.message}>
          <Input {...number} min={5} max={120} {...register('slotStepMinutes')} />
        </Field>
      </div>
      <div>
        <Button type="submit" size="sm" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving…' : `Save ${name.toLowerCase()} rules`}
        </Button>
      </div>
    </form>
  );
}
