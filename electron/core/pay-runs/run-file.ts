import { z } from 'zod'
import { DeskError } from '../errors'
import { PayRunSchema, type PayRun } from '../store/pay-runs/pay-run-repo'

const FORMAT = 'payout-desk.pay-run'

/** The file a run travels in: its id too, so every desk holding it derives the same payout keys. */
const RunFileSchema = z.strictObject({
  format: z.literal(FORMAT),
  version: z.literal(1),
  run: PayRunSchema.pick({ id: true, name: true, schedule: true, lines: true }),
})

export type RunFileRun = z.infer<typeof RunFileSchema>['run']

export function runFileText(run: PayRun): string {
  const { id, name, schedule, lines } = run
  return `${JSON.stringify({ format: FORMAT, version: 1, run: { id, name, schedule, lines } }, null, 2)}\n`
}

/** A run file read back; anything but the format it was written in is refused whole. */
export function readRunFile(text: string): RunFileRun {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new DeskError(
      'invalid_input',
      'The file is not a pay run file (it is not JSON); export one with "payout-desk run export".',
    )
  }
  const parsed = RunFileSchema.safeParse(value)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new DeskError(
      'invalid_input',
      `The file is not a pay run file: ${issue.path.join('.') || 'the top level'}: ${issue.message}.`,
    )
  }
  return parsed.data.run
}
