import type { Migration } from './migration'

/**
 * Where approvers are told (channels; their URLs and passwords live in the keychain, never here), how (one settings
 * row) and what is still to be delivered: one row per message and channel, unique by subject so each payout is
 * announced once whichever process records it, and retried by whichever process opens the profile next; and the
 * marks of what was told (a payout announced, reminded of, escalated; a day's digest), so each is told once.
 */
export const m28: Migration = {
  version: 28,
  name: 'notification channels, settings and their outbox',
  sql: `
    CREATE TABLE notify_channels (
      id TEXT PRIMARY KEY, name TEXT NOT NULL UNIQUE, kind TEXT NOT NULL, escalation INTEGER NOT NULL,
      recipient TEXT, created_at TEXT NOT NULL, last_ok_at TEXT, last_error TEXT, last_error_at TEXT,
      failing_since TEXT
    );
    CREATE TABLE notify_settings (id INTEGER PRIMARY KEY CHECK (id = 1), body TEXT NOT NULL, since TEXT NOT NULL);
    CREATE TABLE notify_outbox (
      id INTEGER PRIMARY KEY, subject TEXT NOT NULL, channel_id TEXT NOT NULL, message TEXT NOT NULL,
      created_at TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, next_at TEXT NOT NULL, done_at TEXT,
      outcome TEXT, last_error TEXT, UNIQUE (subject, channel_id)
    );
    CREATE INDEX notify_outbox_due ON notify_outbox(done_at, next_at);
    CREATE TABLE notify_marks (subject TEXT PRIMARY KEY, at TEXT NOT NULL) WITHOUT ROWID;
  `,
}
