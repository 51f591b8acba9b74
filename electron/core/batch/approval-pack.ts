import { createHash } from 'node:crypto'
import Big from 'big.js'
import { approverWords } from '../../../shared/address/approver-words'
import { findNetwork } from '../../../shared/api/networks'
import { approvalBucket } from '../../../shared/payouts/approval-progress'
import { shown } from '../../../shared/text/visible-text'
import { DeskError } from '../errors'
import { writeExportFile } from '../export-file'
import { Outbox } from '../payouts/use-cases'
import { batchRepo, payRunRepo, type DeskStore, type RunPeriod } from '../store'

/** One payout of a pack: what the approver finds in the console's list and compares. */
export interface PackLine {
  payoutId: string
  amount: string
  asset: string
  network: string
  walletId: string
  /** The payee's or destination's name: someone else's text, shown as visible text in the pack. */
  name: string
  address: string
}

export interface PackTotal {
  walletId: string
  asset: string
  network: string
  total: string
  count: number
}

/** One approval pack for a batch or a pay-run period: what the console's approver checks, line by line. */
export interface ApprovalPack {
  title: string
  count: number
  totals: PackTotal[]
  lines: PackLine[]
  /** SHA-256 (hex) of the pack's list of lines exactly as its text prints them, each ending in a line break. */
  sha256: string
  /** The pack as a file or a message (plain text). */
  text: string
}

/** What the pack is of, as its first line names it (the caller's words: a batch, a pay-run period). */
export interface PackSubject {
  title: string
  environment: 'sandbox' | 'production'
  /** Who recorded it and when. */
  recorded: string
  /** The name to show for a row's Idempotency-Key, when the caller knows a better one (a pay run's payee). */
  nameOf?: (key: string) => string | undefined
}

const networkName = (id: string) => findNetwork(id)?.name ?? id

/** One line of the list; the hash is of these lines, so a name or an address changed anywhere changes it. */
const listLine = (l: PackLine, i: number) =>
  `${i + 1}. ${l.payoutId} | ${l.amount} ${shown(l.asset)} | ${shown(l.network)} | ${shown(l.name)} | ` +
  `${shown(l.address)} | ${approverWords(l.network, l.address).join(' ')}`

function totalsOf(lines: readonly PackLine[]): PackTotal[] {
  const groups = new Map<string, { first: PackLine; sum: Big; count: number }>()
  for (const l of lines) {
    const id = `${l.walletId}\n${l.asset}\n${l.network}`
    const g = groups.get(id)
    groups.set(
      id,
      g ? { ...g, sum: g.sum.plus(l.amount), count: g.count + 1 } : { first: l, sum: new Big(l.amount), count: 1 },
    )
  }
  return [...groups.values()].map(({ first, sum, count }) => ({
    walletId: first.walletId,
    asset: first.asset,
    network: first.network,
    total: sum.toFixed(),
    count,
  }))
}

/** The pack of these lines, its text and the SHA-256 of its list. */
export function approvalPack(subject: PackSubject, lines: readonly PackLine[]): ApprovalPack {
  const list = lines.map(listLine)
  const listText = list.map((l) => `${l}\n`).join('')
  const sha256 = createHash('sha256').update(listText, 'utf8').digest('hex')
  const totals = totalsOf(lines)
  const env = subject.environment === 'production' ? 'PRODUCTION' : 'sandbox'
  const text =
    [
      `Approval pack (${env}): ${subject.title}`,
      `Recorded ${subject.recorded}`,
      `${lines.length} payout${lines.length === 1 ? ' waits' : 's wait'} for approval in the provider's console.`,
      'Totals by wallet and asset:',
      ...totals.map(
        (t) =>
          `  ${t.total} ${shown(t.asset)} on ${shown(networkName(t.network))} from wallet ${shown(t.walletId)}: ` +
          `${t.count} payout${t.count === 1 ? '' : 's'}`,
      ),
      'Payouts (payout id | amount | network | name | address | approver words); check each against the ' +
        "console's list:",
    ].join('\n') +
    `\n${listText}` +
    `List SHA-256: ${sha256} (of the payout lines above, each ending in a line break)\n` +
    'Approve in the console only the payouts listed here, with these amounts and addresses.\n'
  return { title: subject.title, count: lines.length, totals, lines: [...lines], sha256, text }
}

/**
 * The pack of a batch: its rows the provider accepted that still wait for approval (by their last known status; a
 * row whose status was not read yet waits), in file order. Refused when none waits.
 */
export function batchApprovalPack(store: DeskStore, batchId: string, subject: PackSubject): ApprovalPack {
  const repo = store.repo(batchRepo)
  const [named, statuses] = store.read(
    'read the batch',
    () => [repo.lines(batchId), repo.payoutStatuses(batchId)] as const,
  )
  const rows = Outbox.open(store)
    .ofBatch(batchId)
    .filter((e) => e.withdrawalId !== null)
    .filter((e) => {
      const status = statuses.get(e.withdrawalId!)
      return status === undefined || approvalBucket(status) === 'waiting'
    })
  const lines = rows.map((e): PackLine => ({
    payoutId: e.withdrawalId!,
    amount: e.body.amount,
    asset: e.body.asset,
    network: e.body.network ?? '',
    walletId: e.body.wallet_id,
    name: subject.nameOf?.(e.idempotencyKey) ?? named.get(e.idempotencyKey)?.destinationName ?? '',
    address: e.body.destination,
  }))
  if (lines.length === 0)
    throw new DeskError('invalid_input', `No payout of ${subject.title} waits for approval: there is nothing to pack.`)
  return approvalPack(subject, lines)
}

/** Writes a pack as a plain-text file, the way every export is written (a part file, synced, then renamed). */
export const writeApprovalPack = (path: string, pack: ApprovalPack): Promise<void> =>
  writeExportFile(path, new TextEncoder().encode(pack.text))

/**
 * The pack of a batch of the profile, named by its id and file (`batch_not_found` for another id); a pay-run period's
 * batch is named as its period.
 */
export function packOfBatch(store: DeskStore, batchId: string, environment: PackSubject['environment']): ApprovalPack {
  const batch = store.read('read the batch', () => store.repo(batchRepo).get(batchId))
  if (!batch) throw new DeskError('batch_not_found', `There is no batch ${batchId} in this profile.`)
  // The batch a pay-run period sent is that period's: the same pack as `run pack`, its lines named by payee.
  const sent = sentPeriodOf(store, batch.id)
  if (sent) return periodApprovalPack(store, sent.runName, sent.period, environment)
  return batchApprovalPack(store, batch.id, {
    title: `batch ${batch.id} from "${shown(batch.source)}"`,
    environment,
    recorded: `${batch.createdAt} by ${shown(batch.requestedBy)}`,
  })
}

/** The pack of a pay-run period this desk sent: its batch's payouts that wait, each named by its payee. */
export function periodApprovalPack(
  store: DeskStore,
  runName: string,
  period: RunPeriod,
  environment: PackSubject['environment'],
): ApprovalPack {
  const payees = new Map(period.lines.map((l) => [l.key, l.payee]))
  return batchApprovalPack(store, period.batchId ?? '', {
    title: `pay run "${shown(runName)}", period ${period.period}`,
    environment,
    recorded: `${period.at} by ${shown(period.actor)}`,
    nameOf: (key) => payees.get(key),
  })
}

function sentPeriodOf(store: DeskStore, batchId: string): { runName: string; period: RunPeriod } | null {
  return store.read('read the pay runs', () => {
    const repo = store.repo(payRunRepo)
    for (const run of repo.list()) {
      const period = repo.periods(run.id).find((p) => p.state === 'sent' && p.batchId === batchId)
      if (period) return { runName: run.name, period }
    }
    return null
  })
}
