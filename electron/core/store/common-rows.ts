import { z } from 'zod'

/** Row shapes many tables' reads share, parsed by `rowOf`/`rowsOf` (scalar-rows.ts) instead of cast. */
export const CountRow = z.object({ n: z.number() })
export const MetaValueRow = z.object({ value: z.string() })
export const BodyRow = z.object({ body: z.string() })
export const KeyRow = z.object({ key: z.string() })
/** An audit row's entry text (JSON), for a read that parses it with its own schema. */
export const EntryRow = z.object({ entry: z.string() })
export const LabelRow = z.object({ label: z.string() })
export const HashRow = z.object({ hash: z.string() })
export const SeqHashRow = z.object({ seq: z.number(), hash: z.string() })
/** One row of the hash-chained audit log, as a walk over the chain reads it. */
export const AuditRow = z.object({ seq: z.number(), entry: z.string(), prev_hash: z.string(), hash: z.string() })
