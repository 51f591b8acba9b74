import { basename } from 'node:path'
import {
  ACCOUNTING_FORMATS,
  FiatSchema,
  TimeZoneSchema,
  type AccountingFormat,
  type AccountingOptions,
} from '../../shared/api/accounting-export'
import { jsonText } from '../../shared/text/visible-text'
import { importPriceTable, readPriceFile, refreshAddressNames, withProfileClient } from '../core/history/use-cases'
import type { Profile } from '../core/profiles'
import { quote } from './profile-command'
import type { DeskStore } from '../core/store'
import { shown } from '../../shared/text/visible-text'
import type { CliContext } from './cli-context'
import type { Action, Values } from './command'
import { UsageError } from './usage-error'

/**
 * `--format`, `--time-zone` and `--fiat` as the export's preset; null without --format (the ledger's own columns, as
 * before).
 */
export function accountingOptions(v: Values, usage: string): AccountingOptions | null {
  if (v.format === undefined) {
    if (v['time-zone'] !== undefined || v.fiat !== undefined)
      throw new UsageError('--time-zone and --fiat go with --format.', usage)
    return null
  }
  const format = ACCOUNTING_FORMATS.find((f) => f === v.format) as AccountingFormat | undefined
  if (!format) throw new UsageError(`--format must be one of ${ACCOUNTING_FORMATS.join(', ')}.`, usage)
  const zone = TimeZoneSchema.safeParse(v['time-zone'] ?? 'UTC')
  if (!zone.success) throw new UsageError('--time-zone must be an IANA time zone such as UTC or Europe/Berlin.', usage)
  const fiat = v.fiat === undefined ? undefined : FiatSchema.safeParse(v.fiat)
  if (fiat && !fiat.success)
    throw new UsageError('--fiat must be a three-letter currency code of the price table, such as USD.', usage)
  return { format, timeZone: zone.data, fiat: fiat?.data }
}

/**
 * The destination book and wallets read once before a preset, as the app does; when they cannot be read, payees come
 * from the stored copy and stderr says why.
 */
export async function refreshNames(ctx: CliContext, profile: Profile, store: DeskStore): Promise<void> {
  let problem: string | null
  try {
    const signer = await ctx.keys.vault.openSigner(profile)
    try {
      problem = await withProfileClient(profile, store, signer, 'cli', (client) => refreshAddressNames(store, client))
    } finally {
      signer.dispose()
    }
  } catch (err) {
    problem = err instanceof Error ? err.message : String(err)
  }
  if (problem)
    ctx.err(
      `history: the destination book was not read (${shown(problem)}); payees are named from the copy this ` +
        `profile holds.`,
    )
}

export const pricesImport: Action = {
  name: 'history prices',
  usage: 'history prices import FILE --profile N [--json]',
  summary:
    "Imports the profile's price table (CSV with the header date,asset,fiat,price; date YYYY-MM-DD, price per " +
    "unit with a dot), replacing the one before; audited with the file's SHA-256 and every price it changed. A " +
    "price that lowers an asset's USD value (so a USD limit allows more) waits for the profile's loosening delay; " +
    'every other change applies at once. A bad or repeated line refuses the whole file, naming the ' +
    'line. The accounting exports take their fiat column from it (`history export --format ... --fiat ' +
    'USD`) and leave it blank where it has no price.',
  options: { profile: { type: 'string' }, json: { type: 'boolean' } },
  required: ['profile'],
  positionals: ['import', 'FILE'],
  async run(ctx, v, [verb, file]) {
    if (verb !== 'import')
      throw new UsageError(
        `Unknown action "history prices ${verb}"; the action is "history prices import FILE".`,
        `Usage: payout-desk ${pricesImport.usage}`,
      )
    const profile = await ctx.profile(v.profile as string)
    const { name } = await ctx.acting('prices', profile)
    const text = await readPriceFile(file!)
    return ctx.withStore(profile, (store) => {
      const summary = importPriceTable(store, text, basename(file!), { actor: 'cli', person: name })
      if (v.json) ctx.out(jsonText(summary))
      else {
        ctx.out(
          `Imported ${summary.rows.toLocaleString('en')} prices in ${summary.fiats.join(', ')} from ` +
            `${summary.from} to ${summary.to}.`,
        )
        ctx.out(
          `Audited with the file's SHA-256 ${summary.fileSha256}: ${summary.changed} prices set, ` +
            `${summary.removed} removed.`,
        )
        if (summary.waiting)
          ctx.out(
            `${summary.waiting.rates} prices lower an asset's USD value (a USD limit would allow more): they wait ` +
              `until ${summary.waiting.effectiveAt}, the profile's loosening delay. See or cancel them with ` +
              `"payout-desk history prices-waiting --profile ${quote(profile.name)} [--cancel]".`,
          )
      }
      return 0
    })
  },
}
