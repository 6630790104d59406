import { Table, TD, TR } from '@/components/ui/table';
import type { AuditEntry } from '../api/get-audit-entries';
import { actionLabel, describeDetails, entityLabel } from '../lib/describe';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** One page of audit entries: when, who (name and email, or the system), what, on which entity. */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <Table
      caption="Audit log entries, newest first"
      columns={['Time', 'Actor', 'Action', 'Entity', 'Details']}
      scrollLabel="Audit log table"
      minWidth="min-w-[48rem]"
    >
      {entries.map((entry) => (
        <TR key={entry.id} className="align-top">
          <TD className="whitespace-nowrap">
            <time dateTime={entry.createdAt}>{dateTime.format(new Date(entry.createdAt))}</time>
          </TD>
          <TD>
            {entry.actorId ? (
              <>
                <span className="block font-semibold">{entry.actorName ?? 'Unnamed account'}</span>
                <span className="block text-ink-muted">{entry.actorEmail}</span>
              </>
            ) : (
              <span className="font-semibold">System</span>
            )}
          </TD>
          <TD>
            <span className="block">{actionLabel(entry.action)}</span>
            <code className="text-xs text-ink-muted">{entry.action}</code>
          </TD>
          <TD>
            <span className="block">{entityLabel(entry.entityType)}</span>
            {entry.entityName ? (
              <span className="block font-semibold" title={entry.entityId ?? undefined}>
                {entry.entityName}
              </span>
            ) : (
              <code className="break-all text-xs text-ink-muted">{entry.entityId}</code>
            )}
          </TD>
          <TD className="text-ink-muted" data-free-text>
            {describeDetails(entry.metadata, entry.names) || '—'}
          </TD>
        </TR>
      ))}
    </Table>
  );
}
