export { AuditEntrySchema, GENESIS_HASH, rowHash, type AuditEntry, type VerifyResult } from './audit/audit-chain'
export { BUSY_TIMEOUT_MS, openDatabase } from './database'
export { DeskStore, STORE_FILE, WATCH_EVERY_MS, type StoreOptions } from './desk-store'
export type { RepoFactory } from './repo-factory'
export { inTransaction } from './transaction'
export { MIGRATIONS, SCHEMA_VERSION, schemaVersion, type Migration } from './migrations'
export {
  CorruptRecordError,
  DAMAGED_ROW_ADVICE,
  type NewOutboxRow,
  type OutboxChange,
  type OutboxRow,
} from './outbox/outbox-repo'
export { pidAlive, type ProcessRole } from './processes/process-registry'
export { storeError } from './store-errors'
export { importLegacyFiles, LEGACY_AUDIT, LEGACY_OUTBOX } from './legacy-import'
export {
  BatchRepo,
  batchRepo,
  BatchIntentSchema,
  type BatchIntent,
  type BatchLine,
  type BatchRecord,
} from './payouts/batch-repo'
export { LedgerRepo, WalkSchema, type LedgerState, type Walk } from './ledger/ledger-repo'
export { ledgerRepo } from './ledger/ledger-repo-factory'
export {
  KnownAddresses,
  knownAddresses,
  KNOWN_SOURCES,
  type KnownAddress,
  type KnownSource,
  type NewKnownAddress,
} from './destinations/known-addresses'
export { DestinationClaims, destinationClaims, type DestinationClaim } from './destinations/known-addresses-claims'
export { PriceTableRepo, priceTableRepo } from './accounting/price-table-repo'
export {
  DestinationImportRepo,
  destinationImportRepo,
  type ImportIntent,
  type ImportRecord,
  type ImportRowRecord,
  type ImportRowState,
} from './destinations/destination-import-repo'
export { readStoreGlance, walletReads, type StoreGlance } from './glance-repo'
export { BaitFlags, baitFlags } from './ledger/bait-flags'
export { WaitNoticeRepo, waitNoticeRepo, type WaitingPayout, type WaitKind } from './payouts/wait-notice-repo'
export {
  NotifyRepo,
  notifyRepo,
  NOTIFY_CHANNEL_KINDS,
  type NotifyChannelKind,
  type NotifyChannelRow,
  type NotifyDelivery,
} from './notify/notify-repo'
export { LegNotesRepo, legNotesRepo, legKey } from './ledger/leg-notes-repo'
export {
  PayRunRepo,
  payRunRepo,
  type Invoice,
  type PayRun,
  type RunLine,
  type RunPeriod,
  type SentLine,
} from './pay-runs/pay-run-repo'
export { AlteredWithdrawals, alteredWithdrawals, type AlteredWithdrawal } from './payouts/altered-withdrawals-repo'
export { ScreeningRepo, screeningRepo, type ScreeningHit, type ScreeningList } from './screening/screening-repo'
export { PayeeConfirmations, payeeConfirmations, type PayeeConfirmation } from './destinations/payee-confirmations-repo'
export { ProfileAccess, profileAccess } from './access/profile-access-repo'
