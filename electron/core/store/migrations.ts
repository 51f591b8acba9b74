import type { DatabaseSync } from 'node:sqlite'
import { ALTERED_WITHDRAWALS_SQL } from './altered-withdrawals-repo'
import { BaitFlags } from './bait-flags'
import { PAYEE_CONFIRMATIONS_SQL } from './payee-confirmations-repo'
import { POLICY_VERSIONS_SQL } from './policy-versions-repo'
import { SCREENING_SQL } from './screening-repo'
import { KNOWN_ADDRESSES_SQL, rebuildKnownAddresses } from './known-addresses-rebuild'
import { LEDGER_COMPACT_SQL } from './ledger-compact'
import { LEDGER_INTERNED_SQL } from './ledger-interned'
import { LEDGER_LEAN_SQL } from './ledger-lean'
import { slimLedger } from './ledger-slim'
import { LedgerRepo } from './ledger-repo'
import { LEG_NOTES_SQL } from './leg-notes-repo'
import { OPENING_SUMS_SQL } from './opening-sums'
import { PRICE_TABLE_SQL } from './price-table-repo'
import { PACER_PRIORITY_SQL } from './pacer-ledger'
import { PAYOUT_INDEX_SQL, PayoutIndex } from './payout-index'
import { PAY_RUNS_SQL } from './pay-run-repo'
import { WAIT_NOTICES_SQL } from './wait-notice-repo'
import { WORK_PER_ROW_SQL } from './work-per-row-indexes'

export interface Migration {
  /** The `PRAGMA user_version` the database has after this step. */
  version: number
  name: string
  sql: string
  /** Work SQL cannot do (a rule that lives in shared/), run after `sql` in the same transaction. */
  after?: (db: DatabaseSync) => void
}

/** Each step runs once, in order, in its own transaction with the version bump. Never edit a shipped step: add one. */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'outbox, audit chain, shared pacer, processes and leases',
    sql: `
      CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE processes (
        token TEXT PRIMARY KEY, pid INTEGER NOT NULL, role TEXT NOT NULL,
        started_at TEXT NOT NULL, heartbeat_ms INTEGER NOT NULL
      );
      CREATE TABLE leases (resource TEXT PRIMARY KEY, process TEXT NOT NULL, taken_ms INTEGER NOT NULL);
      CREATE TABLE outbox (
        key TEXT PRIMARY KEY, seq INTEGER NOT NULL UNIQUE, body TEXT NOT NULL,
        created_at TEXT NOT NULL, requested_by TEXT NOT NULL, state TEXT NOT NULL,
        withdrawal_id TEXT, error TEXT, sender TEXT, updated_at TEXT NOT NULL,
        not_before TEXT, reference TEXT, batch_id TEXT
      );
      CREATE INDEX outbox_batch ON outbox(batch_id);
      CREATE INDEX outbox_state ON outbox(state);
      CREATE TABLE outbox_outcomes (
        id INTEGER PRIMARY KEY, key TEXT NOT NULL REFERENCES outbox(key), state TEXT NOT NULL,
        withdrawal_id TEXT, error TEXT, not_before TEXT, at TEXT NOT NULL, process TEXT NOT NULL
      );
      CREATE INDEX outbox_outcomes_key ON outbox_outcomes(key);
      CREATE TABLE audit (seq INTEGER PRIMARY KEY, entry TEXT NOT NULL, prev_hash TEXT NOT NULL, hash TEXT NOT NULL);
      CREATE TABLE audit_head (id INTEGER PRIMARY KEY CHECK (id = 1), seq INTEGER NOT NULL, hash TEXT NOT NULL);
      CREATE TABLE pacer_slots (
        id INTEGER PRIMARY KEY, bucket TEXT NOT NULL, started_ms INTEGER NOT NULL,
        ended_ms INTEGER, process TEXT NOT NULL
      );
      CREATE INDEX pacer_slots_bucket ON pacer_slots(bucket);
      CREATE TABLE pacer_blocks (bucket TEXT PRIMARY KEY, until_ms INTEGER NOT NULL);
      CREATE TABLE withdrawal_cache (id TEXT PRIMARY KEY, body TEXT NOT NULL, read_at TEXT NOT NULL);
    `,
  },
  {
    version: 2,
    name: "the agent's policy and the log of its write requests",
    sql: `
      CREATE TABLE policy (id INTEGER PRIMARY KEY CHECK (id = 1), body TEXT NOT NULL, set_at TEXT NOT NULL, set_by TEXT NOT NULL);
      CREATE TABLE agent_requests (id INTEGER PRIMARY KEY, at TEXT NOT NULL, tool TEXT NOT NULL, ref TEXT);
      CREATE INDEX agent_requests_at ON agent_requests(at);
      CREATE INDEX outbox_created ON outbox(created_at);
    `,
  },
  {
    version: 3,
    name: 'batches: a batch header and the file line of each of its outbox entries',
    sql: `
      CREATE TABLE batches (
        id TEXT PRIMARY KEY, created_at TEXT NOT NULL, requested_by TEXT NOT NULL, source TEXT NOT NULL,
        state TEXT NOT NULL, row_count INTEGER NOT NULL, grand_total TEXT NOT NULL, updated_at TEXT NOT NULL
      );
      CREATE TABLE batch_rows (
        key TEXT PRIMARY KEY REFERENCES outbox(key), batch_id TEXT NOT NULL REFERENCES batches(id),
        line INTEGER NOT NULL, destination_name TEXT NOT NULL
      );
      CREATE INDEX batch_rows_batch ON batch_rows(batch_id);
    `,
  },
  {
    version: 4,
    name: 'history ledger: legs by (id, direction), parties, sync state, legs not final',
    sql: `
      CREATE TABLE ledger_state (
        id INTEGER PRIMARY KEY CHECK (id = 1), scope TEXT NOT NULL, complete INTEGER NOT NULL DEFAULT 0,
        high_water_ms INTEGER, synced_at_ms INTEGER, walk TEXT, last_error TEXT, last_attempt_ms INTEGER
      );
      CREATE TABLE ledger_parties (id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, name TEXT, address TEXT NOT NULL, search TEXT NOT NULL);
      CREATE TABLE ledger_legs (
        seq INTEGER PRIMARY KEY, id TEXT NOT NULL, direction TEXT NOT NULL, at_ms INTEGER NOT NULL, created_at TEXT NOT NULL,
        wallet_id TEXT, asset TEXT NOT NULL, network TEXT, network_name TEXT,
        status TEXT NOT NULL, final INTEGER NOT NULL, amount TEXT NOT NULL, amount_key TEXT NOT NULL,
        fee TEXT, fee_asset TEXT, from_party INTEGER NOT NULL REFERENCES ledger_parties(id),
        to_party INTEGER NOT NULL REFERENCES ledger_parties(id), tx_hash TEXT COLLATE NOCASE, read_at_ms INTEGER NOT NULL,
        UNIQUE (id, direction)
      );
      CREATE INDEX ledger_legs_at ON ledger_legs(at_ms);
      CREATE INDEX ledger_legs_wallet ON ledger_legs(wallet_id, at_ms);
      CREATE INDEX ledger_legs_asset ON ledger_legs(asset, network, at_ms);
      CREATE INDEX ledger_legs_from ON ledger_legs(from_party);
      CREATE INDEX ledger_legs_to ON ledger_legs(to_party);
      CREATE INDEX ledger_legs_hash ON ledger_legs(tx_hash);
      CREATE INDEX ledger_legs_open ON ledger_legs(status) WHERE final = 0;
      CREATE TABLE ledger_pending (id TEXT PRIMARY KEY, attempts INTEGER NOT NULL, next_check_ms INTEGER NOT NULL);
    `,
  },
  {
    version: 5,
    name: 'known addresses: every address the profile trusts or has seen, by network and look-alike key',
    sql: KNOWN_ADDRESSES_SQL,
    after: rebuildKnownAddresses,
  },
  {
    version: 6,
    name: 'ledger: legs in less space; monthly opening sums per wallet, asset and network, kept with every write',
    // The sums are counted by step 7, once the legs have their last column; until then they are stale.
    sql: LEDGER_COMPACT_SQL + OPENING_SUMS_SQL,
  },
  {
    version: 7,
    name: 'suspected address poisoning: incoming dust from a look-alike of a known address, flagged on the leg',
    sql: `
      ALTER TABLE ledger_legs ADD COLUMN bait INTEGER;
      CREATE INDEX ledger_legs_bait ON ledger_legs(bait, at_ms) WHERE bait IS NOT NULL;
    `,
    // The opening sums are counted here, after the flags (each write moves their count). A ledger with a damaged
    // leg is left stale: its reports sum leg by leg and name the damage.
    after: (db) => {
      new BaitFlags(db).rejudge()
      new LedgerRepo(db).recountOpenings()
    },
  },
  {
    version: 8,
    name: 'payout search: one row per payout with its folded search text, and private notes',
    sql: PAYOUT_INDEX_SQL,
    after: (db) => new PayoutIndex(db).rebuild(),
  },
  {
    version: 10,
    name: 'first payouts: ledger parties by address, and test payouts with the rest they leave to send',
    sql: `
      CREATE INDEX ledger_parties_address ON ledger_parties(lower(address));
      CREATE TABLE test_payouts (
        key TEXT PRIMARY KEY REFERENCES outbox(key), full_amount TEXT NOT NULL, created_at TEXT NOT NULL,
        rest_key TEXT REFERENCES outbox(key), dismissed_at TEXT
      );
    `,
  },
  {
    version: 11,
    name: "the profile's price table for the accounting exports' fiat column",
    sql: PRICE_TABLE_SQL,
  },
  {
    version: 12,
    name: 'destination imports (a job per file, a state per row) and the last wallets read',
    sql: `
      CREATE TABLE destination_imports (
        id TEXT PRIMARY KEY, created_at TEXT NOT NULL, source TEXT NOT NULL, file_hash TEXT NOT NULL,
        state TEXT NOT NULL, row_count INTEGER NOT NULL, updated_at TEXT NOT NULL
      );
      CREATE INDEX destination_imports_hash ON destination_imports(file_hash);
      CREATE TABLE destination_import_rows (
        import_id TEXT NOT NULL REFERENCES destination_imports(id), line INTEGER NOT NULL, body TEXT NOT NULL,
        state TEXT NOT NULL, counterparty_id TEXT, error TEXT, updated_at TEXT NOT NULL,
        PRIMARY KEY (import_id, line)
      );
      CREATE TABLE wallet_reads (id INTEGER PRIMARY KEY CHECK (id = 1), body TEXT NOT NULL, read_at TEXT NOT NULL);
    `,
  },
  {
    version: 13,
    name: 'ledger: repeated words as numbers, ids and hex hashes as bytes',
    sql: LEDGER_INTERNED_SQL,
  },
  {
    version: 14,
    name: "private notes and tags on ledger movements, kept beside the ledger by the leg's id and direction",
    sql: LEG_NOTES_SQL,
  },
  {
    version: 15,
    name: "reminders of payouts waiting on a person, and the withdrawal cache's change order and writer",
    sql: WAIT_NOTICES_SQL,
  },
  {
    version: 16,
    name: "ledger: an index of each id's first bytes instead of a unique copy of (id, direction), one counterparty index instead of from and to",
    sql: LEDGER_LEAN_SQL,
  },
  {
    version: 17,
    name: 'ledger: one time index with wallet and asset, amounts as integers, read times by number, parties without a second copy of their address',
    sql: '',
    after: slimLedger,
  },
  {
    version: 18,
    name: "the pacer's priorities: who waited for each request, and a person's request waiting on the key",
    sql: PACER_PRIORITY_SQL,
  },
  {
    version: 19,
    name: 'batch counts and single payouts by index, and the payouts waiting for approval by their creation time',
    sql: WORK_PER_ROW_SQL,
  },
  {
    version: 20,
    name: 'pay runs: scheduled payee lines, what became of each period, invoices and due reminders',
    sql: PAY_RUNS_SQL,
  },
  {
    version: 21,
    name: 'payee safety: withdrawals the provider altered, screening lists, confirmations of a payee change',
    sql: ALTERED_WITHDRAWALS_SQL + SCREENING_SQL + PAYEE_CONFIRMATIONS_SQL,
  },
  {
    version: 22,
    name: 'agent policy versions: every policy a person set, with who, when, when in force and the fields changed',
    sql: POLICY_VERSIONS_SQL,
  },
]

export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version

export function schemaVersion(db: DatabaseSync): number {
  return Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version)
}
