import type { DatabaseSync } from 'node:sqlite'
import { m01 } from './m01-outbox-audit-pacer-processes'
import { m02 } from './m02-agent-policy-and-requests'
import { m03 } from './m03-batches'
import { m04 } from './m04-history-ledger'
import { m05 } from './m05-known-addresses'
import { m06 } from './m06-compact-ledger-and-opening-sums'
import { m07 } from './m07-bait-flags'
import { m08 } from './m08-payout-search-index'
import { m10 } from './m10-first-payouts'
import { m11 } from './m11-price-table'
import { m12 } from './m12-destination-imports-and-wallet-reads'
import { m13 } from './m13-intern-ledger-words'
import { m14 } from './m14-leg-notes'
import { m15 } from './m15-wait-notices'
import { m16 } from './m16-lean-ledger-indexes'
import { m17 } from './m17-slim-ledger-rows'
import { m18 } from './m18-pacer-priorities'
import { m19 } from './m19-work-per-row-indexes'
import { m20 } from './m20-pay-runs'
import { m21 } from './m21-payee-safety'
import { m22 } from './m22-policy-versions'
import { m23 } from './m23-audit-by-path'
import { m24 } from './m24-pacer-counts'
import { m25 } from './m25-pay-run-line-ids'
import { m26 } from './m26-rates-in-the-chain'
import { m27 } from './m27-screening-keys'
import { m28 } from './m28-notifications'
import { m29 } from './m29-month-end-close'
import { columns, stepRow, type Migration } from './migration'

export type { Migration } from './migration'

/**
 * Each step runs once, in order, in its own transaction with the version bump. Never edit a shipped step: add one
 * (its own file, named for what it does, listed last here). No step was ever numbered 9.
 */
export const MIGRATIONS: readonly Migration[] = [
  m01,
  m02,
  m03,
  m04,
  m05,
  m06,
  m07,
  m08,
  m10,
  m11,
  m12,
  m13,
  m14,
  m15,
  m16,
  m17,
  m18,
  m19,
  m20,
  m21,
  m22,
  m23,
  m24,
  m25,
  m26,
  m27,
  m28,
  m29,
]

const isUserVersion = columns({ user_version: 'integer' })

export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version

export function schemaVersion(db: DatabaseSync): number {
  return stepRow(db.prepare('PRAGMA user_version').get(), isUserVersion, 'user_version').user_version
}
