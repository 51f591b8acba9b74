import { z } from 'zod'
import type { WithdrawalStatus } from '../api/resources'

/**
 * Where a recorded payout stands with its approvers, as Batches counts it: waiting (received, pending approval),
 * approved (approved, processing), completed, and the ends that need a person (rejected, expired, failed, cancelled).
 */
export const APPROVAL_BUCKETS = [
  'waiting',
  'approved',
  'completed',
  'rejected',
  'expired',
  'failed',
  'cancelled',
] as const
export type ApprovalBucket = (typeof APPROVAL_BUCKETS)[number]

const BUCKET_OF: Readonly<Record<WithdrawalStatus, ApprovalBucket>> = {
  received: 'waiting',
  pending_approval: 'waiting',
  approved: 'approved',
  processing: 'approved',
  completed: 'completed',
  rejected: 'rejected',
  expired: 'expired',
  failed: 'failed',
  cancelled: 'cancelled',
}

/** Where a payout of this status stands with its approvers. */
export const approvalBucket = (status: WithdrawalStatus): ApprovalBucket => BUCKET_OF[status]

export const ApprovalCountsSchema = z.strictObject(
  Object.fromEntries(APPROVAL_BUCKETS.map((b) => [b, z.number().int()])) as Record<ApprovalBucket, z.ZodNumber>,
)
export type ApprovalCounts = Record<ApprovalBucket, number>

/**
 * The rows the provider accepted, counted by where they stand with the approvers: `statuses` are the last known
 * statuses of `accepted` rows; an accepted row whose status was not read yet is waiting.
 */
export function approvalCounts(accepted: number, statuses: Iterable<WithdrawalStatus>): ApprovalCounts {
  const counts = Object.fromEntries(APPROVAL_BUCKETS.map((b) => [b, 0])) as ApprovalCounts
  let known = 0
  for (const s of statuses) {
    counts[BUCKET_OF[s]] += 1
    known += 1
  }
  counts.waiting += Math.max(0, accepted - known)
  return counts
}

/** The counts as one line: "waiting 3, approved 1, completed 2, rejected 1" (zeros left out but waiting). */
export function approvalLine(c: ApprovalCounts): string {
  return APPROVAL_BUCKETS.filter((b) => b === 'waiting' || c[b] > 0)
    .map((b) => `${b} ${c[b]}`)
    .join(', ')
}
