import { useState } from 'react';
import { Link } from '@/lib/navigation';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast-store';
import { useReport, type ProgressReport } from '../api/get-report';
import { usePublishReport, useSaveReport } from '../api/write-report';
import { periodLabel } from '../lib/facts';
import { ReportDocument, ReportFactsView } from './report-document';

const LIMIT = 4000;

function errorText(error: unknown): string {
  const e = error as { message?: string } | null;
  return e?.message || 'The report could not be saved. Please try again.';
}

/** The coach writes a draft's summary and next steps beside the period's facts, then publishes. */
function DraftForm({ report }: { report: ProgressReport }) {
  const [summary, setSummary] = useState(report.summary);
  const [nextSteps, setNextSteps] = useState(report.nextSteps);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveReport();
  const publish = usePublishReport();
  const busy = save.isPending || publish.isPending;
  const period = periodLabel(report.cadence, report.periodStart);
  const missing = (text: string) => text.trim().length === 0;

  const saveDraft = async () => {
    setProblem(null);
    try {
      await save.mutateAsync({ reportId: report.id, summary, nextSteps });
      toast({ title: 'Draft saved', description: `${report.childFirstName}'s report for ${period}.` });
    } catch (error) {
      setProblem(errorText(error));
    }
  };
  const saveAndPublish = async () => {
    setProblem(null);
    if (missing(summary) || missing(nextSteps)) {
      setProblem('Write the summary and the next steps before publishing.');
      return;
    }
    try {
      await save.mutateAsync({ reportId: report.id, summary, nextSteps });
      await publish.mutateAsync(report.id);
      toast({
        title: 'Report published',
        description: `We have emailed ${report.childFirstName}'s family that the report is ready.`,
      });
    } catch (error) {
      setProblem(errorText(error));
    }
  };

  return (
    <div className="grid gap-6">
      <section
        aria-labelledby="report-facts"
        className="grid gap-4 rounded-3xl border border-brand-100 bg-white p-5"
      >
        <h2 id="report-facts" className="font-display text-xl font-extrabold text-ink">
          What the product knows of {period}
        </h2>
        <ReportFactsView report={report} />
      </section>
      <form
        aria-label={`${report.childFirstName}'s report for ${period}`}
        className="grid gap-4 rounded-3xl border border-brand-100 bg-white p-5"
        onSubmit={(event) => {
          event.preventDefault();
          void saveAndPublish();
        }}
      >
        <Field
          label="Summary"
          hint={`How ${report.childFirstName}'s ${report.cadence === 'weekly' ? 'week' : 'month'} went, for the family: what changed, what went well.`}
          error={summary.length > LIMIT ? `At most ${LIMIT} characters.` : undefined}
        >
          <Textarea rows={6} value={summary} maxLength={LIMIT} onChange={(e) => setSummary(e.target.value)} />
        </Field>
        <Field
          label="Next steps"
          hint="What you will work on next, and what the family can do at home."
          error={nextSteps.length > LIMIT ? `At most ${LIMIT} characters.` : undefined}
        >
          <Textarea
            rows={5}
            value={nextSteps}
            maxLength={LIMIT}
            onChange={(e) => setNextSteps(e.target.value)}
          />
        </Field>
        {problem ? (
          <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-semibold text-red-800">
            {problem}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="secondary" disabled={busy} onClick={() => void saveDraft()}>
            Save draft
          </Button>
          <Button type="submit" disabled={busy}>
            Publish to the family
          </Button>
        </div>
      </form>
    </div>
  );
}

/** /admin/progress-reports/:reportId: a draft to write, or a published report as the family reads it. */
export function ReportEditorScreen({
  reportId,
  familyHref,
}: {
  reportId: string;
  familyHref: (parentId: string) => string;
}) {
  const report = useReport(reportId);
  if (report.isPending) return <p role="status">Loading the report…</p>;
  if (report.isError) {
    return (
      <div role="alert" className="grid gap-3">
        <p>We could not load this report.</p>
        <Button variant="secondary" className="w-fit" onClick={() => void report.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!report.data) {
    return <p role="alert">There is no such report, or it is not one of the children you coach.</p>;
  }
  return (
    <div className="grid gap-4">
      <Link
        to={familyHref(report.data.parentId)}
        className="w-fit font-semibold text-brand-800 underline underline-offset-4"
      >
        ← {report.data.childFirstName}'s family
      </Link>
      {report.data.status === 'draft' ? (
        <DraftForm key={report.data.id} report={report.data} />
      ) : (
        <ReportDocument report={report.data} />
      )}
    </div>
  );
}
