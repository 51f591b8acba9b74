import type { Migration } from './migration'

export const m02: Migration = {
  version: 2,
  name: "the agent's policy and the log of its write requests",
  sql: `
      CREATE TABLE policy (id INTEGER PRIMARY KEY CHECK (id = 1), body TEXT NOT NULL, set_at TEXT NOT NULL, set_by
        TEXT NOT NULL);
      CREATE TABLE agent_requests (id INTEGER PRIMARY KEY, at TEXT NOT NULL, tool TEXT NOT NULL, ref TEXT);
      CREATE INDEX agent_requests_at ON agent_requests(at);
      CREATE INDEX outbox_created ON outbox(created_at);
    `,
}
