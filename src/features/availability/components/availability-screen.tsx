import { useState } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { toast } from '@/components/ui/toast-store';
import { Select } from '@/components/ui/select';
import { useHosts, type Host } from '../api/get-hosts';
import { useMeetingRules } from '../api/get-meeting-rules';
import { useSchedule } from '../api/get-schedule';
import { useSetTakesIntroCalls } from '../api/set-intro-calls';
import { browserTimeZone } from '../lib/slots';
import { DateOverrides } from './date-overrides';
import { MeetingRuleForm } from './meeting-rules-form';
import { OpenSlotsPreview } from './open-slots-preview';
import { WeeklyHoursForm } from './weekly-hours-form';

/** The availability screen: a coach's own hours, or (for an admin) anyone's and the meeting rules. */
export function AvailabilityScreen({ isAdmin, userId }: { isAdmin: boolean; userId: string }) {
  const hosts = useHosts({ isAdmin, userId });
  const [chosen, setChosen] = useState<string | null>(null);

  if (hosts.isError) {
    return (
      <p role="alert" className="text-red-800">
        The schedules could not be loaded: {hosts.error.message}
      </p>
    );
  }
  if (!hosts.data) return <p role="status">Loading the schedules…</p>;
  const host = hosts.data.find((h) => h.key === chosen) ?? hosts.data[0];

  return (
    <div className="flex flex-col gap-6">
      {isAdmin && hosts.data.length > 0 ? (
        <Field label="Whose hours" className="max-w-md">
          <Select value={host?.key} onChange={(event) => setChosen(event.target.value)}>
            {hosts.data.map((h) => (
              <option key={h.key} value={h.key}>
                {h.label}
                {h.scheduleId ? '' : ' (no hours yet)'}
              </option>
            ))}
          </Select>
        </Field>
      ) : null}
      {host ? (
        <>
          {isAdmin ? <IntroCallsSwitch key={`intro-${host.key}`} host={host} /> : null}
          <HostSchedule key={host.key} host={host} />
        </>
      ) : (
        <p>No schedule here: hours are kept for coaches and for team members who take intro calls.</p>
      )}
      {isAdmin ? <MeetingRules /> : null}
    </div>
  );
}

/** An admin's switch of who is offered for intro calls (a host with hours, and a login). */
function IntroCallsSwitch({ host }: { host: Host }) {
  const change = useSetTakesIntroCalls();
  // shown at once; put back if the database refuses
  const [on, setOn] = useState(host.takesIntroCalls);
  const hint = !host.scheduleId
    ? 'Save the weekly hours first; then this person can take intro calls.'
    : !host.canTakeIntroCalls
      ? 'A coach without a login cannot take intro calls.'
      : host.coachId
        ? 'Families who ask for an intro call are offered the open times of everyone who takes them; a coach offers them only in the weekly hours marked for intro calls, never in family-session hours.'
        : 'Families who ask for an intro call are offered the open times of everyone who takes them.';
  return (
    <div className="flex max-w-xl flex-col gap-1">
      <Checkbox
        label={`${host.label.replace(/ \(team\)$/, '')} takes intro calls`}
        checked={on}
        disabled={!host.scheduleId || !host.canTakeIntroCalls || change.isPending}
        aria-describedby={`intro-hint-${host.key}`}
        onChange={(event) => {
          const takesIntroCalls = event.target.checked;
          setOn(takesIntroCalls);
          change.mutate(
            { scheduleId: host.scheduleId!, takesIntroCalls },
            {
              onSuccess: () =>
                toast({
                  title: takesIntroCalls ? 'Takes intro calls' : 'No longer takes intro calls',
                  description: host.label,
                }),
              onError: (error) => {
                setOn(!takesIntroCalls);
                toast({
                  title: "Couldn't change who takes intro calls",
                  description: error.message,
                  variant: 'destructive',
                });
              },
            },
          );
        }}
      />
      <p id={`intro-hint-${host.key}`} className="text-sm text-ink-muted">
        {hint}
      </p>
    </div>
  );
}

function HostSchedule({ host }: { host: Host }) {
  const schedule = useSchedule(host.scheduleId);
  const timeZone = host.timeZone ?? host.defaultTimeZone ?? browserTimeZone();
  if (schedule.isError) {
    return (
      <p role="alert" className="text-red-800">
        The hours could not be loaded: {schedule.error.message}
      </p>
    );
  }
  if (host.scheduleId && !schedule.data) return <p role="status">Loading the hours…</p>;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <WeeklyHoursForm host={host} hours={schedule.data?.hours ?? []} initialTimeZone={timeZone} />
      <div className="flex flex-col gap-6">
        {host.scheduleId ? (
          <DateOverrides
            scheduleId={host.scheduleId}
            overrides={schedule.data?.overrides ?? []}
            timeZone={timeZone}
          />
        ) : (
          <p className="text-sm text-ink-muted">Save the weekly hours first; date overrides come after.</p>
        )}
        {host.coachId && host.scheduleId ? <OpenSlotsPreview coachId={host.coachId} /> : null}
      </div>
    </div>
  );
}

function MeetingRules() {
  const rules = useMeetingRules();
  return (
    <section aria-labelledby="rules-heading" className="flex flex-col gap-3">
      <div>
        <h2 id="rules-heading" className="font-display text-xl font-bold">
          Meeting rules
        </h2>
        <p className="text-sm text-ink-muted">For every host: what families can book, and when.</p>
      </div>
      {rules.isError ? (
        <p role="alert" className="text-red-800">
          The meeting rules could not be loaded: {rules.error.message}
        </p>
      ) : !rules.data ? (
        <p role="status">Loading the meeting rules…</p>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          {rules.data.map((rule) => (
            <MeetingRuleForm key={rule.kind} rule={rule} />
          ))}
        </div>
      )}
    </section>
  );
}
