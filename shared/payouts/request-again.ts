import type { WithdrawalStatus } from '../api/resources'

/** The provider's final statuses a person may request a payout again from (a new payout, checked as any new one). */
export const AGAIN_FROM: readonly WithdrawalStatus[] = ['expired', 'rejected', 'failed']

export const canRequestAgain = (status: WithdrawalStatus): boolean => AGAIN_FROM.includes(status)
