import type { Migration } from './migration'

export const m10: Migration = {
  version: 10,
  name: 'first payouts: ledger parties by address, and test payouts with the rest they leave to send',
  sql: `
      CREATE INDEX ledger_parties_address ON ledger_parties(lower(address));
      CREATE TABLE test_payouts (
        key TEXT PRIMARY KEY REFERENCES outbox(key), full_amount TEXT NOT NULL, created_at TEXT NOT NULL,
        rest_key TEXT REFERENCES outbox(key), dismissed_at TEXT
      );
    `,
}
