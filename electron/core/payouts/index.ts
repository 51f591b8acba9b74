export * from './outbox'
export * from './payout-requests'
export * from './poller'
export * from './preflight'
