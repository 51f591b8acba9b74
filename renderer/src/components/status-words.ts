import type { ActivityAction } from '@shared/audit/activity-action'
import type { WithdrawalStatus } from '@shared/api/resources'

/** The five colours a status can take: one map for every screen, so "failed" is never green on one, red on another. */
export type StatusTone = 'good' | 'info' | 'wait' | 'bad' | 'neutral'

export const WITHDRAWAL_TONE: Readonly<Record<WithdrawalStatus, StatusTone>> = {
  received: 'neutral',
  pending_approval: 'wait',
  approved: 'info',
  processing: 'info',
  completed: 'good',
  rejected: 'bad',
  failed: 'bad',
  expired: 'bad',
  cancelled: 'neutral',
}

/** Statuses of the other things the desk shows: ledger legs, destinations, wallets and the desk's own payout states. */
const OTHER_TONE: Readonly<Record<string, StatusTone>> = {
  pending: 'wait',
  verified: 'good',
  active: 'good',
  queued: 'wait',
  held: 'wait',
  unknown: 'wait',
  // A profile's signing key.
  ready: 'good',
  rotating: 'wait',
  needs_key_id: 'wait',
  // A month of the close.
  locked: 'good',
  reopened: 'wait',
  // A batch row: what it needs before the batch can be sent, and whether its payee is new or looks like another.
  fix_in_file: 'bad',
  confirm_below: 'wait',
  new_payee: 'wait',
  looks_like: 'bad',
}

/** Words a status cannot spell by losing its underscores. */
const LABELS: Readonly<Record<string, string>> = {
  needs_key_id: 'needs Key ID',
  fix_in_file: 'fix in the file',
}

export function statusTone(status: string): StatusTone {
  if (Object.hasOwn(WITHDRAWAL_TONE, status)) return WITHDRAWAL_TONE[status as WithdrawalStatus]
  return Object.hasOwn(OTHER_TONE, status) ? OTHER_TONE[status]! : 'neutral'
}

/**
 * A status in words ("pending approval"), as it reads inside a sentence; a chip shows it in sentence case through its
 * style (.chip::first-letter), so the words stay the same wherever they are read.
 */
export function statusLabel(status: string): string {
  return Object.hasOwn(LABELS, status) ? LABELS[status]! : status.replaceAll('_', ' ')
}

/**
 * Each Activity action as the screen names it, in sentence case. The CSV keeps the audit log's own words
 * (shared/audit/activity-action.ts); a row the desk cannot sort is still named for what it was, never "other".
 */
export const ACTION_NAMES: Readonly<Record<ActivityAction, string>> = {
  requested: 'Requested a payout',
  released: 'Released a held payout',
  rejected: 'Rejected a held payout',
  cancelled: 'Cancelled a payout',
  expired: 'Held payout expired',
  policy_changed: 'Changed the policy',
  policy_decision: 'Policy decision',
  destination_added: 'Added a destination',
  rotated: 'Rotated the signing key',
  tool_call: 'Agent tool call',
  notified: 'Told approvers or changed where they are told',
  noted: 'Wrote a note or tags',
  alarm: 'Provider altered a payout',
  payee_confirmed: 'Confirmed a payee change',
  screening_list: 'Imported a screening list',
  desk_lock: 'Locked, unlocked or confirmed at the desk',
  people_changed: "Changed the desk's people or lock times",
  read: 'Read from the provider',
  other: 'Other call to the provider',
}
