import type { SessionStatus } from '../api/get-sessions';

const LABELS: Record<SessionStatus, string> = {
  scheduled: 'Scheduled',
  completed: 'Completed',
  cancelled: 'Cancelled',
  no_show: 'No-show',
};

export function statusLabel(status: SessionStatus): string {
  return LABELS[status];
}
