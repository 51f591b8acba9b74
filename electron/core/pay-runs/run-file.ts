import { createHash } from 'node:crypto'
import { z } from 'zod'
import { DeskError } from '../errors'
import {
  PayRunSchema,
  RunLineSchema,
  SentLineSchema,
  type PayRun,
  type RunPeriod,
} from '../store/pay-runs/pay-run-repo'
import { payeeKey } from './run-lines'

const FORMAT = 'payout-desk.pay-run' as const
const PERIOD = /^\d{4}-\d{2}-\d{2}$/

/** A period as the file carries it: what became of it, and the lines (with their keys) that were sent. */
const FilePeriodSchema = z.strictObject({
  period: z.string().regex(PERIOD),
  state: z.enum(['sent', 'skipped']),
  at: z.string(),
  actor: z.string(),
  lines: z.array(SentLineSchema),
})
export type FilePeriod = z.infer<typeof FilePeriodSchema>

const RunPartSchema = PayRunSchema.pick({ id: true, name: true, schedule: true, lines: true })

/** What the SHA-256 covers, in this schema's field order (zod writes a parsed object in its shape's order). */
const ContentSchema = z.strictObject({
  format: z.literal(FORMAT),
  version: z.literal(2),
  run: RunPartSchema,
  periods: z.array(FilePeriodSchema),
})
const SignedSchema = ContentSchema.extend({ sha256: z.string().regex(/^[0-9a-f]{64}$/) })

/** Files written before lines had ids and files carried periods: ids are the payee's text, as the store migrated. */
const V1Schema = z.strictObject({
  format: z.literal(FORMAT),
  version: z.literal(1),
  run: PayRunSchema.pick({ id: true, name: true, schedule: true }).extend({
    lines: z.array(RunLineSchema.omit({ id: true })).min(1),
  }),
})

export type RunFileRun = z.infer<typeof RunPartSchema>
/** intact: the content matches the SHA-256 it carries; edited: it does not; unsigned: a file of an older desk. */
export type FileIntegrity = 'intact' | 'edited' | 'unsigned'

export interface RunFile {
  run: RunFileRun
  periods: FilePeriod[]
  integrity: FileIntegrity
  /** The SHA-256 of the file's bytes, for the audit row. */
  fileSha256: string
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
const contentHash = (content: z.infer<typeof ContentSchema>) => sha256(JSON.stringify(ContentSchema.parse(content)))

/** The run with every period this desk knows of (sent or skipped, by whichever desk), and the content's SHA-256. */
export function runFileText(run: PayRun, periods: readonly RunPeriod[]): string {
  const { id, name, schedule, lines } = run
  const content = {
    format: FORMAT,
    version: 2 as const,
    run: { id, name, schedule, lines },
    periods: periods.map(({ period, state, at, actor, lines: sent }) => ({ period, state, at, actor, lines: sent })),
  }
  return `${JSON.stringify({ ...content, sha256: contentHash(content) }, null, 2)}\n`
}

function refused(issue: z.core.$ZodIssue): DeskError {
  return new DeskError(
    'invalid_input',
    `The file is not a pay run file: ${issue.path.join('.') || 'the top level'}: ${issue.message}.`,
  )
}

/** A run file read back; anything but the formats it was written in is refused whole. */
export function readRunFile(text: string): RunFile {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new DeskError(
      'invalid_input',
      'The file is not a pay run file (it is not JSON); export one with "payout-desk run export".',
    )
  }
  const fileSha256 = sha256(text)
  if ((value as { version?: unknown } | null)?.version === 1) {
    const old = V1Schema.safeParse(value)
    if (!old.success) throw refused(old.error.issues[0]!)
    const lines = old.data.run.lines.map((l) => ({ id: payeeKey(l.payee), ...l }))
    return { run: { ...old.data.run, lines }, periods: [], integrity: 'unsigned', fileSha256 }
  }
  const parsed = SignedSchema.safeParse(value)
  if (!parsed.success) throw refused(parsed.error.issues[0]!)
  const { sha256: carried, ...content } = parsed.data
  const integrity = contentHash(content) === carried ? 'intact' : 'edited'
  return { run: content.run, periods: content.periods, integrity, fileSha256 }
}
