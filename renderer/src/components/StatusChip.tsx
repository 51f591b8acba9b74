const TONE: Record<string, string> = {
  completed: 'good',
  approved: 'info',
  processing: 'info',
  received: 'neutral',
  pending_approval: 'wait',
  rejected: 'bad',
  failed: 'bad',
  expired: 'bad',
  cancelled: 'neutral',
  unknown: 'wait',
}

export function statusLabel(status: string): string {
  return status.replaceAll('_', ' ')
}

export function StatusChip({ status }: { status: string }) {
  return <span className={`chip chip-${TONE[status] ?? 'neutral'}`}>{statusLabel(status)}</span>
}
