import { z } from 'zod'

/** The ledger repository's small reads (state, pending re-reads, count marks) as SQLite answers them. */
export const ScopeRow = z.object({ scope: z.string() })
export const DuePendingRow = z.object({ id: z.string(), attempts: z.number() })
export const NextPendingRow = z.object({ next: z.number().nullable() })
/** This connection's writes and other connections' commits: a count is kept while neither moves. */
export const MarksRow = z.object({ own: z.number(), other: z.number() })
export const LegSeqRow = z.object({ seq: z.number() })
