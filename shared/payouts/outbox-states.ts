import type { OutboxEntryReply } from '../ipc/channels/payouts'

export type OutboxState = OutboxEntryReply['state']

/**
 * Moves the local state machine allows; anything else is a bug, a stale UI or another process's stale copy, and is
 * refused.
 */
export const MOVES: Record<OutboxState, readonly OutboxState[]> = {
  // held / refused: the send gate's verdict at the moment of sending (the policy, the destination as they are now).
  queued: ['sending', 'queued', 'discarded', 'held', 'refused'],
  held: ['queued', 'sending', 'discarded', 'refused'],
  sending: ['accepted', 'refused', 'unknown', 'queued'],
  // held: one the provider never recorded, sent again by the agent, that the policy now holds.
  unknown: ['sending', 'accepted', 'unknown', 'discarded', 'held', 'refused'],
  refused: ['sending', 'accepted', 'discarded', 'held'],
  accepted: ['accepted'],
  discarded: [],
}

export function canMove(from: OutboxState, to: OutboxState): boolean {
  return MOVES[from].includes(to)
}
