import { decisionEntry } from '../audit/use-cases'
import type { Environment } from '../profiles/profile'
import { profileAccess, type DeskStore } from '../store'
import { fourEyesOn, type Acting } from './act-guard'
import { requireSecondPerson } from './four-eyes'

/** A profile's seat rules as every surface shows them. */
export interface ProfileSeat {
  viewOnly: boolean
  fourEyes: boolean
  /** Who asked to lift view-only and waits for a second person; null when nobody. */
  viewOnlyOffProposedBy: string | null
}

export function profileSeat(store: DeskStore, environment: Environment): ProfileSeat {
  return {
    viewOnly: store.read('read the profile seat', () => store.repo(profileAccess).viewOnly()),
    fourEyes: fourEyesOn(store, environment),
    viewOnlyOffProposedBy: store.read('read the profile seat', () => store.repo(profileAccess).viewOnlyOffProposedBy()),
  }
}

/**
 * Marks a profile view-only, or lifts the mark. Lifting it moves trust: with four eyes on, the first admin's ask is
 * recorded and a second person's finishes it (`waitingForSecond` until then). `acting` comes from `authorizeAct`.
 */
export function setViewOnly(
  store: DeskStore,
  environment: Environment,
  acting: Acting,
  on: boolean,
): { viewOnly: boolean; waitingForSecond: boolean } {
  // Each step is a row of the audit chain, naming the person: the seat is a control, not a preference.
  const audit = (path: 'seat.view_only_set' | 'seat.view_only_off_asked', detail: Record<string, unknown>) =>
    store.audit.append(decisionEntry(new Date(), path, acting.by, null, detail))
  return store.transaction('set the profile view-only', () => {
    const access = store.repo(profileAccess)
    if (on || !access.viewOnly()) {
      access.setViewOnly(on)
      audit('seat.view_only_set', { view_only: on })
      return { viewOnly: on, waitingForSecond: false }
    }
    const proposedBy = access.viewOnlyOffProposedBy()
    if (acting.person && fourEyesOn(store, environment) && proposedBy === null) {
      access.proposeViewOnlyOff(acting.by)
      audit('seat.view_only_off_asked', { view_only: true })
      return { viewOnly: true, waitingForSecond: true }
    }
    requireSecondPerson({ store, environment, acting, startedBy: proposedBy, what: 'Lifting view-only' })
    access.setViewOnly(false)
    audit('seat.view_only_set', { view_only: false, asked_by: proposedBy })
    return { viewOnly: false, waitingForSecond: false }
  })
}

/** Four eyes on or off for this profile (an admin's act, authorised by the caller's `authorizeAct`), audited. */
export function setFourEyes(store: DeskStore, on: boolean, acting: Acting): void {
  store.transaction('set four eyes', () => {
    store.repo(profileAccess).setFourEyes(on)
    store.audit.append(decisionEntry(new Date(), 'seat.four_eyes_set', acting.by, null, { four_eyes: on }))
  })
}
