import { readFile } from 'node:fs/promises'
import { jsonText } from '../../shared/text/visible-text'
import { accountMapText, importAccountMap } from '../core/close/use-cases'
import { DeskError } from '../core/errors'
import { actionHelp, type Action } from './command'
import { UsageError } from './usage-error'

async function readMapFile(file: string): Promise<string> {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(await readFile(file))
  } catch (err) {
    const why = err instanceof TypeError ? 'it is not UTF-8 text' : 'no such file'
    throw new DeskError('invalid_input', `Cannot read the account mapping ${file}: ${why}.`)
  }
}

export const accountMap: Action = {
  name: 'history map',
  usage:
    'history map import FILE --profile P [--from-period YYYY-MM] | history map export --profile P [--period YYYY-MM]',
  summary:
    'The account mapping of the month-end close: a CSV with the header wallet,asset,kind,account (kind one of ' +
    'incoming, outgoing, fee, internal, suspected-poisoning; * for any wallet or asset) naming the chart-of-accounts ' +
    'account of each leg. import replaces it (audited) from the first month after the last locked one (or ' +
    '--from-period, which a locked month refuses); export prints the mapping in force (for --period).',
  options: {
    profile: { type: 'string' },
    'from-period': { type: 'string' },
    period: { type: 'string' },
    json: { type: 'boolean' },
  },
  required: ['profile'],
  positionals: ['ACTION', '[FILE]'],
  async run(ctx, v, [verb, file]) {
    const usage = actionHelp(accountMap)
    if (verb === 'import') {
      if (file === undefined) throw new UsageError('"history map import" expects <FILE>.', usage)
      const profile = await ctx.profile(v.profile as string)
      const { by } = await ctx.acting('close', profile)
      const text = await readMapFile(file)
      const from = v['from-period'] as string | undefined
      const r = await ctx.withStore(profile, (store) => importAccountMap(store, text, by, from))
      if (v.json) ctx.out(jsonText(r))
      else
        ctx.out(
          `Imported ${r.rows} account mapping rows, in force from ` +
            `${r.fromPeriod === '0000-01' ? 'the first month' : r.fromPeriod}; ` +
            `audited with the file's SHA-256 ${r.fileSha256}.`,
        )
      return 0
    }
    if (verb === 'export') {
      if (file !== undefined) throw new UsageError('"history map export" takes no FILE: it prints the CSV.', usage)
      const profile = await ctx.profile(v.profile as string)
      const { rows, text } = await ctx.withStore(profile, (store) =>
        accountMapText(store, v.period as string | undefined),
      )
      if (v.json) ctx.out(jsonText(rows))
      else ctx.out(text.replace(/\r\n$/, ''))
      return 0
    }
    throw new UsageError(`Unknown action "history map ${verb}"; it is "import FILE" or "export".`, usage)
  },
}
