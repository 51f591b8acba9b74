export { firstPayoutHandlers } from './first-payout-handlers'
export { payoutHandlers } from './payout-handlers'
export { treasuryHandlers, type TreasuryHandlerDeps } from './treasury-handlers'
export { batchHandlers, type BatchHandlerDeps } from './batch-handlers'
