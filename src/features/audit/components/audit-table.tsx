import type { AuditEntry } from '../api/get-audit-entries';
import { actionLabel, describeDetails, entityLabel } from '../lib/describe';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** One page of audit entries: when, who (name and email, or the system), what, on which entity. */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    // Focusable, so a keyboard can scroll the table sideways on a narrow screen.
    <div
      role="region"
      aria-label="Audit log table"
      tabIndex={0}
      className="relative overflow-x-auto rounded-2xl border border-brand-100 bg-white focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      <table className="w-full min-w-[48rem] text-left text-sm">
        <caption className="sr-only">Audit log entries, newest first</caption>
        <thead className="bg-brand-50">
          <tr>
            <th scope="col" className="px-4 py-3">
              Time
            </th>
            <th scope="col" className="px-4 py-3">
              Actor
            </th>
            <th scope="col" className="px-4 py-3">
              Action
            </th>
            <th scope="col" className="px-4 py-3">
              Entity
            </th>
            <th scope="col" className="px-4 py-3">
              Details
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} className="border-t border-brand-100 align-top">
              <td className="whitespace-nowrap px-4 py-3">
                <time dateTime={entry.createdAt}>{dateTime.format(new Date(entry.createdAt))}</time>
              </td>
              <td className="px-4 py-3">
                {entry.actorId ? (
                  <>
                    <span className="block font-semibold">{entry.actorName ?? 'Unnamed account'}</span>
                    <span className="block text-ink-muted">{entry.actorEmail}</span>
                  </>
                ) : (
                  <span className="font-semibold">System</span>
                )}
              </td>
              <td className="px-4 py-3">
                <span className="block">{actionLabel(entry.action)}</span>
                <code className="text-xs text-ink-muted">{entry.action}</code>
              </td>
              <td className="px-4 py-3">
                <span className="block">{entityLabel(entry.entityType)}</span>
                {entry.entityName ? (
                  <span className="block font-semibold" title={entry.entityId ?? undefined}>
                    {entry.entityName}
                  </span>
                ) : (
                  <code className="break-all text-xs text-ink-muted">{entry.entityId}</code>
                )}
              </td>
              <td className="px-4 py-3 text-ink-muted">
                {describeDetails(entry.metadata, entry.names) || '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
