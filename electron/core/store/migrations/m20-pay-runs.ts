import type { Migration } from './migration'

const PAY_RUNS_SQL = `
  CREATE TABLE pay_runs (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, schedule TEXT NOT NULL, lines TEXT NOT NULL,
    created_at TEXT NOT NULL, updated_at TEXT NOT NULL
  );
  CREATE UNIQUE INDEX pay_runs_name ON pay_runs(name COLLATE NOCASE);
  CREATE TABLE pay_run_periods (
    run_id TEXT NOT NULL REFERENCES pay_runs(id), period TEXT NOT NULL, state TEXT NOT NULL, batch_id TEXT,
    lines TEXT, at TEXT NOT NULL, actor TEXT NOT NULL,
    PRIMARY KEY (run_id, period)
  ) WITHOUT ROWID;
  CREATE TABLE pay_run_reminders (
    run_id TEXT NOT NULL, period TEXT NOT NULL, said_at TEXT NOT NULL, PRIMARY KEY (run_id, period)
  ) WITHOUT ROWID;
  CREATE TABLE invoices (
    id TEXT PRIMARY KEY, payee TEXT NOT NULL, number TEXT NOT NULL, payout_key TEXT, amount TEXT,
    invoice_date TEXT, due_date TEXT, file TEXT, sha256 TEXT, at TEXT NOT NULL, actor TEXT NOT NULL
  );
  CREATE INDEX invoices_by_number ON invoices(payee, number);
`

export const m20: Migration = {
  version: 20,
  name: 'pay runs: scheduled payee lines, what became of each period, invoices and due reminders',
  sql: PAY_RUNS_SQL,
}
