import { describeDifferences } from '../../../shared/payouts/recorded-vs-asked'
import { decisionEntry } from '../audit/use-cases'
import { DeskError } from '../errors'
import { alteredWithdrawals, type AlteredWithdrawal, type DeskStore } from '../store'

export type { AlteredWithdrawal } from '../store'

/** Withdrawals the provider recorded otherwise than asked that no person has acknowledged yet. */
export const openAlterations = (store: DeskStore): AlteredWithdrawal[] =>
  store.read('read the altered payouts', () => store.repo(alteredWithdrawals).open())

/** One alteration in the words every surface shows. */
export const describeAlteration = (a: AlteredWithdrawal): string =>
  `The provider recorded payout ${a.withdrawalId} otherwise than it was asked: ` +
  `${describeDifferences(a.differences)}. Cancel it if nobody has approved it yet.`

/** A person has seen an alteration (and cancelled the withdrawal or settled it with the provider); audited. */
export function acknowledgeAlteration(
  store: DeskStore,
  idOrKey: string,
  actor: string,
  now = new Date(),
): AlteredWithdrawal {
  return store.transaction('acknowledge the altered payout', () => {
    const repo = store.repo(alteredWithdrawals)
    const found = repo.find(idOrKey)
    if (!found)
      throw new DeskError(
        'invalid_input',
        `No altered payout ${idOrKey}: payout acknowledge takes the id or key of one the desk reported.`,
      )
    repo.acknowledge(found.withdrawalId, actor, now.toISOString())
    store.audit.append(
      decisionEntry(now, 'payout.alteration_acknowledged', actor, found.key, { withdrawal_id: found.withdrawalId }),
    )
    return repo.find(found.withdrawalId)!
  })
}
