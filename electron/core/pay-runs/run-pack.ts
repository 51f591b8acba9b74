import { shown } from '../../../shared/text/visible-text'
import { periodApprovalPack, type ApprovalPack, type PackSubject } from '../batch/use-cases'
import { DeskError } from '../errors'
import { payRunRepo, type DeskStore } from '../store'
import { runNamed } from './run-book'

/**
 * The approval pack of a pay-run period this desk sent (the latest one without `period`): its batch's payouts that
 * wait for approval, named by their payees; the app's pack of the period's batch is this same pack.
 */
export function runPeriodPack(
  store: DeskStore,
  name: string,
  period: string | undefined,
  environment: PackSubject['environment'],
): ApprovalPack {
  const run = runNamed(store, name)
  const sent = store
    .read('read the pay run periods', () => store.repo(payRunRepo).periods(run.id))
    .filter((p) => p.state === 'sent' && p.batchId !== null)
  const chosen = period === undefined ? sent.at(-1) : sent.find((p) => p.period === period)
  if (!chosen?.batchId)
    throw new DeskError(
      'invalid_input',
      period === undefined
        ? `Pay run "${shown(run.name)}" has no period sent from this desk yet.`
        : `Pay run "${shown(run.name)}" has no period ${period} sent from this desk.`,
    )
  return periodApprovalPack(store, run.name, chosen, environment)
}
