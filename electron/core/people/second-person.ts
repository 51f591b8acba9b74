import { openAlterations } from '../alterations/use-cases'
import type { Environment } from '../profiles/profile'
import { readOutbox } from '../payouts/use-cases'
import type { DeskStore } from '../store'
import type { Acting } from './act-guard'
import { destinationAdder, requireSecondPerson } from './four-eyes'

/** An act that moves trust, by what it finishes: each surface names it the same way. */
export type TrustAct =
  | { kind: 'payee_confirm'; destinationId: string }
  | { kind: 'release'; key: string }
  | { kind: 'acknowledge'; ref: string }

const requesterOf = (store: DeskStore, key: string | undefined): string | null =>
  key === undefined ? null : (readOutbox(store).entries.find((e) => e.idempotencyKey === key)?.requestedBy ?? null)

/**
 * Four eyes on an act that moves trust, with who started it looked up where the desk keeps it: who added the
 * destination, who requested the payout that is released or was altered. The app's handlers and the CLI call this
 * before the act, with the acting person `authorizeAct` gave them.
 */
export function requireSecondPersonFor(
  store: DeskStore,
  environment: Environment,
  acting: Acting,
  act: TrustAct,
): void {
  const ask = { store, environment, acting }
  switch (act.kind) {
    case 'payee_confirm':
      return requireSecondPerson({
        ...ask,
        startedBy: destinationAdder(store, act.destinationId),
        what: 'This payee change',
      })
    case 'release':
      return requireSecondPerson({ ...ask, startedBy: requesterOf(store, act.key), what: 'This payout' })
    case 'acknowledge': {
      const altered = openAlterations(store).find((a) => a.withdrawalId === act.ref || a.key === act.ref)
      return requireSecondPerson({ ...ask, startedBy: requesterOf(store, altered?.key), what: 'This altered payout' })
    }
  }
}
