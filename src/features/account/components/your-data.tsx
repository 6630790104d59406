import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { DELETE_CONFIRMATION, useDeleteFamily } from '../api/delete-family';
import { useDownloadFamilyData, useDownloadFamilyDataSummary } from '../api/export-family-data';
import { SectionCard } from './section-card';

/** Download everything as JSON; delete the account and every child's data. */
export function YourData({ onDeleted, privacyHref }: { onDeleted: () => void; privacyHref: string }) {
  const download = useDownloadFamilyData();
  const summary = useDownloadFamilyDataSummary();
  const started = () => toast({ title: 'Your download has started' });
  const failed = () =>
    toast({ title: 'Download failed', description: 'Please try again in a moment.', variant: 'destructive' });
  const remove = useDeleteFamily();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <div className="flex flex-col gap-6">
      <SectionCard
        title="Download your family's data"
        description="Your family's data: your account, your children, sessions, coach updates and session notes, points, consent, your emails' settings and the forms you sent us. The summary is a page to read and print; the JSON file is the same data for another service. Our team's own records of your enquiry (its status and internal notes) are not in it: ask us for them at any time."
      >
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => summary.mutateAsync().then(started, failed)} disabled={summary.isPending}>
            {summary.isPending ? 'Preparing…' : 'Download readable summary (HTML)'}
          </Button>
          <Button
            variant="secondary"
            onClick={() => download.mutateAsync().then(started, failed)}
            disabled={download.isPending}
          >
            {download.isPending ? 'Preparing…' : 'Download data (JSON)'}
          </Button>
        </div>
      </SectionCard>
      <SectionCard
        title="Delete your account"
        description={
          <>
            This deletes your account, your children's logins and everything about your family, for good. We
            keep only a record that a deletion happened (no names, no emails). See the{' '}
            <a className="font-semibold text-brand-700 underline" href={privacyHref}>
              privacy policy
            </a>
            .
          </>
        }
      >
        <form
          noValidate
          className="flex max-w-md flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (typed.trim() !== DELETE_CONFIRMATION) {
              setError(`Type ${DELETE_CONFIRMATION} to confirm.`);
              return;
            }
            setError(undefined);
            remove.mutateAsync(typed).then(onDeleted, () =>
              toast({
                title: 'Not deleted',
                description: 'Please try again in a moment.',
                variant: 'destructive',
              }),
            );
          }}
        >
          <Field label={`Type ${DELETE_CONFIRMATION} to confirm`} error={error}>
            <Input value={typed} autoComplete="off" onChange={(event) => setTyped(event.target.value)} />
          </Field>
          <Button
            type="submit"
            className="bg-red-700 text-white hover:bg-red-800"
            disabled={remove.isPending}
          >
            {remove.isPending ? 'Deleting…' : 'Delete my account and my family’s data'}
          </Button>
        </form>
      </SectionCard>
    </div>
  );
}
