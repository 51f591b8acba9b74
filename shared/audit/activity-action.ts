/**
 * What a person did, as the Activity view and its CSV name it; rows that are neither (a read) are `read` or `other`.
 */
export const ACTIVITY_ACTIONS = [
  'requested',
  'released',
  'rejected',
  'cancelled',
  'expired',
  'policy_changed',
  'policy_decision',
  'destination_added',
  'rotated',
  'tool_call',
  'notified',
  'noted',
  'alarm',
  'payee_confirmed',
  'screening_list',
  'desk_lock',
  'people_changed',
  'read',
  'other',
] as const
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number]

export const ACTIVITY_ACTION_WORDS: Readonly<Record<ActivityAction, string>> = {
  requested: 'requested a payout',
  released: 'released a held payout',
  rejected: 'rejected a held payout',
  cancelled: 'cancelled a payout',
  expired: 'held payout expired',
  policy_changed: 'changed the policy',
  policy_decision: 'policy decision',
  destination_added: 'added a destination',
  rotated: 'rotated the signing key',
  tool_call: 'agent tool call',
  notified: 'told approvers or changed where they are told',
  noted: 'wrote a note or tags',
  alarm: 'provider altered a payout',
  payee_confirmed: 'confirmed a payee change',
  screening_list: 'imported a screening list',
  desk_lock: 'locked, unlocked or confirmed at the desk',
  people_changed: "changed the desk's people or lock times",
  read: 'read',
  other: 'other',
}

/**
 * Every decision the desk writes into the audit log, with the action Activity names it by: `decisionEntry` takes only
 * these paths, so a new kind of decision cannot reach the log without a name (it showed as "other" before).
 */
const DECISIONS = {
  'held.released': 'released',
  'held.override': 'released',
  'held.rejected': 'rejected',
  'held.expired': 'expired',
  'held.expiry_set': 'policy_changed',
  'policy.set': 'policy_changed',
  'policy.cleared': 'policy_changed',
  'policy.pending': 'policy_changed',
  'policy.pending_cancelled': 'policy_changed',
  'policy.delay_set': 'policy_changed',
  'policy.held': 'policy_decision',
  'policy.allowed': 'policy_decision',
  'policy.denied': 'policy_decision',
  'send.stopped': 'policy_decision',
  'agent.stopped': 'policy_changed',
  'agent.resumed': 'policy_changed',
  'policy.granted': 'policy_changed',
  'policy.grant_used': 'policy_decision',
  'key.rotation_started': 'rotated',
  'key.rotated': 'rotated',
  'key.rotation_cancelled': 'rotated',
  'key.key_id_replaced': 'rotated',
  'payout.note': 'noted',
  'payout.requested_again': 'requested',
  'ledger.note': 'noted',
  'payout.altered': 'alarm',
  'payout.alteration_acknowledged': 'alarm',
  'destination.change_confirmed': 'payee_confirmed',
  'screening.imported': 'screening_list',
  'notify.delivered': 'notified',
  'notify.failed': 'notified',
  'notify.channel_added': 'notified',
  'notify.channel_removed': 'notified',
  'notify.settings_set': 'notified',
  'prices.imported': 'policy_changed',
  'prices.pending_cancelled': 'policy_changed',
  'prices.sealed': 'policy_changed',
  'close.locked': 'noted',
  'close.reopened': 'noted',
  'close.map_imported': 'policy_changed',
  'desk.locked': 'desk_lock',
  'desk.unlocked': 'desk_lock',
  'desk.unlock_failed': 'desk_lock',
  'desk.confirmed': 'desk_lock',
  'people.added': 'people_changed',
  'people.removed': 'people_changed',
  'people.passphrase_changed': 'people_changed',
  'people.role_changed': 'people_changed',
  'desk.lock_times_set': 'people_changed',
  'seat.view_only_set': 'policy_changed',
  'seat.view_only_off_asked': 'policy_changed',
  'seat.four_eyes_set': 'policy_changed',
} as const satisfies Readonly<Record<string, ActivityAction>>
export type DecisionPath = keyof typeof DECISIONS

/** The action of one audit row, from its kind, method and path (the row never holds a body). */
export function activityAction(row: { kind: string; method: string; path: string }): ActivityAction {
  if (row.kind === 'decision') return Object.hasOwn(DECISIONS, row.path) ? DECISIONS[row.path as DecisionPath] : 'other'
  if (row.kind === 'tool') return 'tool_call'
  const path = row.path.split('?')[0]!
  if (row.method === 'GET') return 'read'
  if (row.method !== 'POST') return 'other'
  if (path === '/api/v1/withdrawals') return 'requested'
  if (/^\/api\/v1\/withdrawals\/[^/]+\/cancel$/.test(path)) return 'cancelled'
  if (path === '/api/v1/counterparties') return 'destination_added'
  return 'other'
}
