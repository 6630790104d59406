import { lazy, memo, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { usePaintedOnce } from '@/lib/after-paint';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/toast-store';
import { useEnrolLead } from '../api/enrol-lead';
import { useLead } from '../api/get-lead';
import { useLeadAssignees } from '../api/get-lead-assignees';
import { useLeadEvents, type LeadEvent } from '../api/get-lead-events';
import { useLeadIntroCall } from '../api/get-lead-intro-call';
import { useUpdateLead } from '../api/update-lead';
import { focusLabel, leadStatuses, sourceLabel, statusLabel, type LeadStatus } from '../lib/lead-filters';
import type { LeadRow } from '../lib/lead-query';
import { ageFromText } from '../lib/age';

/** The note form and its validation: loaded when a lead's details have first been painted. */
const loadNoteForm = () => import('./lead-note-form');
const NoteForm = lazy(() => loadNoteForm().then((m) => ({ default: m.NoteForm })));

/** Loads what a lead's details show after their first paint, before anyone opens one. */
export function preloadLeadDetails(): void {
  void loadNoteForm().catch(() => undefined);
}

const failed = (title: string) => (error: unknown) =>
  toast({ title, description: (error as Error).message, variant: 'destructive' });

function describeEvent(event: LeadEvent): string {
  switch (event.kind) {
    case 'created':
      return `Came in through ${sourceLabel(event.to_value)}`;
    case 'status':
      return `Status: ${statusLabel(event.from_value)} → ${statusLabel(event.to_value)}`;
    case 'assignment':
      return event.to_value
        ? `Assigned to ${event.to_value}`
        : `Unassigned (was ${event.from_value ?? 'nobody'})`;
    default:
      return 'Note';
  }
}

// The sections that hang on the lead's id alone are memoized: a status change redraws the panel's
// top, not the history and the note box.
const History = memo(function History({ leadId }: { leadId: string }) {
  const { data: events, isPending } = useLeadEvents(leadId);
  if (isPending) return <p>Loading history…</p>;
  return (
    <ol className="space-y-3" aria-label="History">
      {(events ?? []).map((event) => (
        <li key={event.id} className="border-l-2 border-brand-100 pl-3 text-sm">
          <p className="font-semibold text-ink">{describeEvent(event)}</p>
          {event.body ? (
            <p className="whitespace-pre-wrap text-ink" data-free-text>
              {event.body}
            </p>
          ) : null}
          <p className="text-ink-muted">
            {event.actor_name ?? 'Automatically'} ·{' '}
            <time dateTime={event.created_at}>{new Date(event.created_at).toLocaleString()}</time>
          </p>
        </li>
      ))}
    </ol>
  );
});

const CALL_STATUS: Record<string, string> = {
  scheduled: 'Booked',
  completed: 'Held',
  cancelled: 'Cancelled',
  no_show: 'No show',
};

/** The lead's intro call (booked by the parent on the spot): when, in the viewer's zone, with whom. */
const IntroCall = memo(function IntroCall({ leadId }: { leadId: string }) {
  const { data: call, isPending } = useLeadIntroCall(leadId);
  if (isPending || !call) return null;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const when = new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(call.startsAt));
  return (
    <section aria-labelledby="intro-call-heading" className="rounded-xl bg-brand-50 p-3 text-sm">
      <h3 id="intro-call-heading" className="font-display text-lg font-bold">
        Intro call
      </h3>
      <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-3 gap-y-1">
        <dt className="font-semibold text-ink-muted">When</dt>
        <dd data-testid="lead-intro-call-time">
          <time dateTime={call.startsAt}>{when}</time> ({zone.replace(/_/g, ' ')}), {call.durationMinutes} min
        </dd>
        <dt className="font-semibold text-ink-muted">Host</dt>
        <dd>{call.hostName ?? 'Nobody yet'}</dd>
        <dt className="font-semibold text-ink-muted">Call</dt>
        <dd>{CALL_STATUS[call.status] ?? call.status}</dd>
        <dt className="font-semibold text-ink-muted">Parent's zone</dt>
        <dd>{call.parentTimeZone.replace(/_/g, ' ')}</dd>
      </dl>
    </section>
  );
});

function StatusForm({ lead }: { lead: LeadRow }) {
  // The lead's status unless the user picked another; a change made elsewhere shows through.
  const [draft, setDraft] = useState<LeadStatus>();
  const status = draft ?? (lead.status as LeadStatus);
  const update = useUpdateLead();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    update.mutate(
      { id: lead.id!, status },
      {
        onSuccess: () => {
          setDraft(undefined);
          toast({
            title: 'Status updated',
            description: `${lead.name ?? lead.email}: ${statusLabel(status)}`,
          });
        },
        onError: failed('The status was not changed'),
      },
    );
  };
  // 'Enrolled' comes with the family's account: only Enrol sets it.
  const options = leadStatuses.filter((s) => s.value !== 'enrolled' || lead.status === 'enrolled');
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <Field label="Status" className="min-w-[10rem] flex-1">
        <Select value={status} onChange={(e) => setDraft(e.target.value as LeadStatus)}>
          {options.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </Select>
      </Field>
      <Button type="submit" size="sm" aria-disabled={update.isPending || undefined}>
        Save status
      </Button>
    </form>
  );
}

function AssigneeForm({ lead }: { lead: LeadRow }) {
  const { data: assignees } = useLeadAssignees();
  const [draft, setDraft] = useState<string>();
  const assignee = draft ?? lead.assignee_id ?? '';
  const update = useUpdateLead();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    update.mutate(
      {
        id: lead.id!,
        assigneeId: assignee || null,
        assigneeName: assignees?.find((a) => a.id === assignee)?.name ?? null,
      },
      {
        onSuccess: () => {
          setDraft(undefined);
          toast({
            title: assignee ? 'Lead assigned' : 'Lead unassigned',
            description: assignee ? assignees?.find((a) => a.id === assignee)?.name : undefined,
          });
        },
        onError: failed('The assignee was not changed'),
      },
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <Field label="Assignee" className="min-w-[10rem] flex-1">
        <Select value={assignee} onChange={(e) => setDraft(e.target.value)}>
          <option value="">Unassigned</option>
          {(assignees ?? []).map((a) => (
            <option key={a.id} value={a.id}>
              {a.name} ({a.role})
            </option>
          ))}
        </Select>
      </Field>
      <Button type="submit" size="sm" aria-disabled={update.isPending || undefined}>
        Save assignee
      </Button>
    </form>
  );
}

function EnrolForm({ lead, onEnrolled }: { lead: LeadRow; onEnrolled: () => void }) {
  const enrol = useEnrolLead();
  const [childFirstName, setChildFirstName] = useState(lead.child_name ?? '');
  const [childAge, setChildAge] = useState(String(ageFromText(lead.child_age) ?? ''));
  const [error, setError] = useState<string>();
  if (lead.enrolled_child_id) {
    return (
      <p className="text-sm text-ink">
        This family is enrolled: the parent's account and the child's record exist.
      </p>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!childFirstName.trim()) {
      setError("Please enter the child's first name.");
      return;
    }
    setError(undefined);
    enrol.mutate(
      {
        leadId: lead.id!,
        childFirstName: childFirstName.trim(),
        childAge: childAge ? Number(childAge) : null,
      },
      {
        onSuccess: (outcome) => {
          toast({
            title: 'Family enrolled',
            description: outcome.invited
              ? `We emailed ${lead.email} an invitation to choose a password.`
              : `${lead.email} already had an account; the child was added to it.`,
          });
          onEnrolled();
        },
        onError: failed('The family was not enrolled'),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-2" aria-labelledby="enrol-heading">
      <h3 id="enrol-heading" className="font-display text-lg font-bold">
        Enrol this family
      </h3>
      <p className="text-sm text-ink-muted">
        Invites {lead.email} to a parent account and creates the child's record.
      </p>
      <div className="grid grid-cols-2 gap-2">
        <Field label="Child's first name" error={error} required>
          <Input value={childFirstName} onChange={(e) => setChildFirstName(e.target.value)} maxLength={50} />
        </Field>
        <Field label="Child's age" optional>
          <Input
            type="number"
            min={3}
            max={18}
            value={childAge}
            onChange={(e) => setChildAge(e.target.value)}
          />
        </Field>
      </div>
      <Button type="submit" size="sm" disabled={enrol.isPending}>
        {enrol.isPending ? 'Enrolling…' : 'Enrol family'}
      </Button>
    </form>
  );
}

/** One lead: who, where from, its status and assignee, notes, history and (admins) Enrol. */
export function LeadDetails({ id, isAdmin, onClose }: { id: string; isAdmin: boolean; onClose: () => void }) {
  // The click paints the lead (as its row in the table has it) and its status at once; once that
  // frame is painted the lead is read afresh and the forms and the history below follow, so the
  // panel opening waits neither for them to be built nor for their requests to be sent.
  const complete = usePaintedOnce();
  const { data: lead, isPending } = useLead(id, complete);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, [id, isPending]);
  if (isPending) return <p>Loading lead…</p>;
  if (!lead) {
    return (
      <section aria-labelledby="lead-heading" className="rounded-2xl border border-brand-100 bg-white p-4">
        <h2 id="lead-heading" ref={headingRef} tabIndex={-1} className="font-display text-xl font-bold">
          Lead not found
        </h2>
        <p className="text-ink-muted">It may have been removed, or it is not assigned to you.</p>
        <Button variant="ghost" size="sm" onClick={onClose}>
          Close
        </Button>
      </section>
    );
  }
  const facts: [string, string | null][] = [
    ['Email', lead.email],
    ['Phone', lead.phone],
    [
      'Child',
      [lead.child_name, lead.child_age ? `age ${lead.child_age}` : null].filter(Boolean).join(', ') || null,
    ],
    ['Focus area', focusLabel(lead.focus_area) || null],
    ['Source', sourceLabel(lead.source)],
    ['Landing page', lead.landing_path],
    ['Campaign', [lead.utm_source, lead.utm_medium, lead.utm_campaign].filter(Boolean).join(' / ') || null],
    ['Received', new Date(lead.created_at!).toLocaleString()],
    ['Message', lead.message],
  ];
  return (
    <section
      aria-labelledby="lead-heading"
      className="space-y-5 rounded-2xl border border-brand-100 bg-white p-4"
    >
      <div className="flex items-start justify-between gap-2">
        <h2
          id="lead-heading"
          ref={headingRef}
          tabIndex={-1}
          className="min-w-0 font-display text-xl font-bold [overflow-wrap:anywhere]"
        >
          {lead.name ?? lead.email}
          {lead.overdue ? (
            <span className="ml-2 rounded-full bg-red-700 px-2 py-0.5 align-middle text-xs font-bold text-white">
              Overdue
            </span>
          ) : null}
        </h2>
        <Button variant="ghost" size="sm" onClick={onClose}>
          Close
        </Button>
      </div>
      <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        {facts
          .filter(([, value]) => value)
          .map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="font-semibold text-ink-muted">{term}</dt>
              <dd
                className="min-w-0 text-ink [overflow-wrap:anywhere]"
                data-free-text={term === 'Message' ? '' : undefined}
              >
                {value}
              </dd>
            </div>
          ))}
      </dl>
      {complete ? <IntroCall leadId={lead.id!} /> : null}
      <StatusForm lead={lead} />
      {complete ? (
        <>
          {isAdmin ? <AssigneeForm lead={lead} /> : null}
          {isAdmin ? <EnrolForm lead={lead} onEnrolled={() => headingRef.current?.focus()} /> : null}
          <Suspense fallback={<p role="status">Loading…</p>}>
            <NoteForm leadId={lead.id!} />
          </Suspense>
          <div>
            <h3 className="mb-2 font-display text-lg font-bold">History</h3>
            <History leadId={lead.id!} />
          </div>
        </>
      ) : null}
    </section>
  );
}
