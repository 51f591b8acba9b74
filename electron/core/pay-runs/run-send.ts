import { randomUUID } from 'node:crypto'
import type { ApiClient } from '../api/api-client'
import {
  batchStatus,
  BatchRunner,
  hasErrors,
  submitBatch,
  type BatchProgress,
  type BatchRunnerOptions,
} from '../batch/use-cases'
import { DeskError } from '../errors'
import type { PayoutRequests } from '../payouts/payout-requests'
import { batchRepo, payRunRepo, type DeskStore, type PayRun, type RunPeriod, type SentLine } from '../store'
import { providerHadKeys } from '../store/pay-runs/provider-answers'
import { periodToSend } from './due-period'
import { periodInvoice } from './period-invoices'
import { decisionRow } from '../store/audit/decision-row'
import { runNamed } from './run-book'
import { answeredElsewhere, heldAtProvider, noteSentElsewhere } from './run-elsewhere'
import { runLineKey } from './run-keys'
import type { RunSendResult } from './run-send-result'
import { invoicePayee, previewOf, type RunPreview } from './run-preview'
import type { Period } from './schedule'

export interface RunSendOptions {
  period?: Period
  /** A person typed the date of a period ahead of today (or a script said --ahead). */
  ahead?: boolean
  actor: string
  production: boolean
  /** A production run's grand total typed again; null elsewhere. */
  retypedTotal: string | null
  confirmDuplicates: boolean
  /** Asked once the preview is known (first payouts, duplicates, production total); false stops before recording. */
  confirm?: (preview: RunPreview) => Promise<{ go: boolean; retypedTotal: string | null; confirmDuplicates: boolean }>
  runner?: BatchRunnerOptions
  today?: Date
}

interface SendSession {
  store: DeskStore
  client: Pick<ApiClient, 'listWallets' | 'listCounterparties' | 'findWithdrawalByKey'>
  payouts: PayoutRequests
}

/**
 * Records the period as a batch whose keys derive from (run, period, payee) and sends it through the batch machinery.
 * The period recorded here before (or the batch of a send killed before the period was noted) is resumed, never
 * recorded again; another desk's send of the same period is answered by the provider with its payouts.
 */
export async function sendRun(session: SendSession, name: string, options: RunSendOptions): Promise<RunSendResult> {
  const { store } = session
  const run = runNamed(store, name)
  const today = options.today ?? new Date()
  const periods = store.read('read the pay run', () => store.repo(payRunRepo).periods(run.id))
  const period = periodToSend(run, periods, options.period, options.ahead === true, today)
  refuseRecordedElsewhere(
    run,
    periods.find((p) => p.period === period),
  )
  const reads = { wallets: await session.client.listWallets(), book: await session.client.listCounterparties() }
  const preview = previewOf(store, run, reads, period, today, true)
  if (preview.done === 'skipped')
    throw new DeskError(
      'invalid_input',
      `The period ${preview.period} of "${run.name}" was skipped; nothing is sent for it.`,
    )
  const recorded = recordedBatch(store, run, preview)
  if (recorded) {
    if (preview.done === null) notePeriod(store, run, preview, recorded, options.actor)
    return finish(session, run, preview.period, recorded, true, options)
  }
  const held = await heldAtProvider(session.client, preview)
  if (held.size > 0) {
    noteSentElsewhere(store, run, preview, held, options.actor)
    return answeredElsewhere(preview, held)
  }
  if (preview.shortfalls.length > 0)
    throw new DeskError('invalid_input', `Not enough funds; nothing was recorded. ${preview.shortfalls.join(' ')}`)
  if (hasErrors(preview.check)) {
    const errors = preview.problems.filter((p) => p.severity === 'error')
    throw new DeskError(
      'invalid_input',
      `The period has ${errors.length} problem(s); nothing was recorded. ${errors.map((p) => p.message).join(' ')}`,
    )
  }
  let { retypedTotal: retyped, confirmDuplicates } = options
  if (options.confirm) {
    const answer = await options.confirm(preview)
    if (!answer.go) throw new DeskError('confirmation_required', 'Not confirmed; nothing was recorded.')
    ;({ retypedTotal: retyped, confirmDuplicates } = answer)
  }
  const payeeOf = new Map(preview.lines.map((l) => [l.line, l]))
  const submit = {
    source: `pay run "${run.name}" ${preview.period}`,
    requestedBy: options.actor,
    confirmDuplicates,
    retypedTotal: retyped,
    production: options.production,
    keyOf: (row: { line: number }) => payeeOf.get(row.line)!.key,
  }
  let batch: { id: string }
  try {
    batch = await submitBatch(
      store,
      session.payouts.outbox,
      { ...preview.check, lineCount: preview.lines.length },
      submit,
    )
  } catch (err) {
    // Another process on this store recorded the period first (its keys are taken): answer with its batch.
    const first = recordedBatch(store, run, preview)
    if (first === null) throw err
    return finish(session, run, preview.period, first, true, options)
  }
  notePeriod(store, run, preview, batch.id, options.actor)
  return finish(session, run, preview.period, batch.id, false, options)
}

/** The batch holding this period's keys in this store, noting the period if a kill came between the two writes. */
function recordedBatch(store: DeskStore, run: PayRun, preview: RunPreview): string | null {
  const period = store
    .read('read the pay run', () => store.repo(payRunRepo).periods(run.id))
    .find((p) => p.period === preview.period)
  if (period?.batchId) return period.batchId
  const keys = run.lines.map((l) => runLineKey(run.id, preview.period, l.id))
  const entry = store.read('read the outbox', () => keys.map((k) => store.outbox.get(k)).find((e) => e?.batchId))
  return entry?.batchId ?? null
}

function notePeriod(store: DeskStore, run: PayRun, preview: RunPreview, batchId: string, actor: string): void {
  const now = new Date()
  const lines: SentLine[] = preview.lines.map((l) => ({
    lineId: l.lineId,
    payee: l.payee,
    key: l.key,
    destination: l.address,
    network: l.network,
    asset: l.asset,
    amount: l.amount,
    walletId: preview.check.rows.find((r) => r.line === l.line)!.body.wallet_id,
    elsewhere: false,
  }))
  store.transaction('note the pay run period', () => {
    const repo = store.repo(payRunRepo)
    repo.putPeriod({
      runId: run.id,
      period: preview.period,
      state: 'sent',
      origin: 'here',
      batchId,
      lines,
      at: now.toISOString(),
      actor,
    })
    // The period's invoices: the ones given for it are recorded already; a lines file's number is recorded now.
    const before = repo.periods(run.id).filter((p) => p.period !== preview.period)
    for (const l of preview.lines) {
      const line = run.lines.find((x) => x.id === l.lineId)!
      const invoice = periodInvoice(store, run, before, preview.period, line)
      if (!invoice || invoice.recorded) continue
      repo.addInvoice({
        id: randomUUID(),
        payee: invoicePayee(l.network, l.address),
        number: invoice.number,
        payoutKey: l.key,
        amount: invoice.amount,
        invoiceDate: invoice.invoiceDate,
        dueDate: invoice.dueDate,
        file: null,
        sha256: null,
        at: now.toISOString(),
        actor,
      })
    }
    store.audit.append(
      decisionRow(now, 'payrun.sent', actor, null, {
        run_id: run.id,
        period: preview.period,
        batch_id: batchId,
        lines: lines.length,
      }),
    )
  })
}

async function finish(
  session: SendSession,
  run: PayRun,
  period: Period,
  batchId: string,
  again: boolean,
  options: RunSendOptions,
): Promise<RunSendResult> {
  const { store } = session
  const runner = new BatchRunner(store, session.payouts, options.runner)
  let progress: BatchProgress
  let busy = false
  try {
    progress = runner.get(batchId).state === 'running' ? await runner.run(batchId) : runner.progress(batchId)
  } catch (err) {
    // Another process is sending this very batch: it is answered as it stands, and that process finishes it.
    if (!(err instanceof DeskError) || err.code !== 'batch_busy') throw err
    progress = runner.progress(batchId)
    busy = true
  }
  const batch = store.read('read the batch', () => store.repo(batchRepo).get(batchId))!
  const payees = new Map(run.lines.map((l) => [runLineKey(run.id, period, l.id), l.payee]))
  const all = batchStatus(store, session.payouts.outbox, batch).rows
  const had = store.read('read the audit log', () => store.repo(providerHadKeys)(all.map((r) => r.idempotencyKey)))
  const rows = all.map((r) => ({
    ...r,
    payee: payees.get(r.idempotencyKey) ?? r.reference ?? r.destination,
    conflict: r.state === 'refused' && (r.error?.startsWith('idempotency_conflict') ?? false),
    earlier: had.has(r.idempotencyKey),
  }))
  return { period, batchId, sentElsewhere: false, again, busy, progress, rows }
}

/** A period recorded here as another desk's (its run file said so, or the provider did) is never sent from here. */
function refuseRecordedElsewhere(run: PayRun, recorded: RunPeriod | undefined): void {
  if (recorded?.state !== 'sent' || recorded.origin === 'here') return
  throw new DeskError(
    'invalid_input',
    `The period ${recorded.period} of "${run.name}" was sent from another desk (${recorded.actor}, ` +
      `${recorded.at}${recorded.origin === 'provider' ? ', as the provider answered' : ', by its run file'}); ` +
      'nothing was sent.',
  )
}
