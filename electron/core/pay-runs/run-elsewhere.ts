import Big from 'big.js'
import type { Withdrawal } from '../../../shared/api/resources'
import type { ApiClient } from '../api/api-client'
import { payRunRepo, type DeskStore, type PayRun, type SentLine } from '../store'
import { decisionRow } from '../store/audit/decision-row'
import type { RunPreview } from './run-preview'
import type { RunSendResult, RunSendRow } from './run-send-result'
import type { BatchProgress } from '../batch/use-cases'
import { approvalCounts } from '../../../shared/payouts/approval-progress'

/**
 * What the provider holds under the period's keys, asked line by line before anything is recorded: a desk that never
 * saw another desk's run file learns from the provider that the period was sent.
 */
export async function heldAtProvider(
  client: Pick<ApiClient, 'findWithdrawalByKey'>,
  preview: RunPreview,
): Promise<Map<string, Withdrawal>> {
  const held = new Map<string, Withdrawal>()
  for (const l of preview.lines) {
    const found = await client.findWithdrawalByKey(l.key)
    if (found) held.set(l.key, found)
  }
  return held
}

/**
 * The period recorded as sent from another desk, as the provider answered: the lines it holds (with what it holds for
 * them), and none sent from here, not even the lines it does not hold, which that desk's run did not pay.
 */
export function noteSentElsewhere(
  store: DeskStore,
  run: PayRun,
  preview: RunPreview,
  held: ReadonlyMap<string, Withdrawal>,
  actor: string,
): void {
  const now = new Date()
  const lines: SentLine[] = preview.lines.flatMap((l) => {
    const w = held.get(l.key)
    if (!w) return []
    const { destination, network, asset, amount, wallet_id: walletId } = w
    return [
      { lineId: l.lineId, payee: l.payee, key: l.key, destination, network, asset, amount, walletId, elsewhere: true },
    ]
  })
  store.transaction('note the period sent from another desk', () => {
    store.repo(payRunRepo).putPeriod({
      runId: run.id,
      period: preview.period,
      state: 'sent',
      origin: 'provider',
      batchId: null,
      lines,
      at: now.toISOString(),
      actor,
    })
    const detail = {
      run_id: run.id,
      period: preview.period,
      held: lines.length,
      not_held: preview.lines.length - lines.length,
    }
    store.audit.append(decisionRow(now, 'payrun.sent_elsewhere', actor, null, detail))
  })
}

/** The answer when the provider held the period's keys: its payouts, and the lines it does not hold, not sent. */
export function answeredElsewhere(preview: RunPreview, held: ReadonlyMap<string, Withdrawal>): RunSendResult {
  const rows: RunSendRow[] = preview.lines.map((l) => {
    const w = held.get(l.key)
    // The provider holds the key with another body: that desk's line paid something else.
    const differs =
      w !== undefined &&
      (w.asset !== l.asset ||
        !new Big(w.amount).eq(l.amount) ||
        w.destination.toLowerCase() !== l.address.toLowerCase())
    return {
      line: l.line,
      reference: null,
      destination: l.destinationName,
      address: l.address,
      amount: l.amount,
      asset: l.asset,
      network: l.network,
      idempotencyKey: l.key,
      state: w ? 'accepted' : 'not sent',
      withdrawalId: w?.id ?? null,
      payoutStatus: w?.status ?? null,
      error: null,
      payee: l.payee,
      conflict: differs,
      earlier: w !== undefined,
      requestedAgain: null,
    }
  })
  const n = rows.length
  const progress: BatchProgress = {
    batchId: '',
    intent: 'running',
    total: n,
    sent: held.size,
    queued: 0,
    sending: 0,
    accepted: held.size,
    refused: 0,
    unknown: 0,
    discarded: n - held.size,
    approval: approvalCounts(
      held.size,
      [...held.values()].map((w) => w.status),
    ),
    finished: true,
    senderGone: false,
  }
  return { period: preview.period, batchId: null, sentElsewhere: true, again: false, busy: false, progress, rows }
}
