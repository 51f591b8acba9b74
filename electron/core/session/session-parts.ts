import { ApiClient } from '../api/api-client'
import { Pacer } from '../api/pacer'
import { RequestSender } from '../api/request-sender'
import { AuditLog } from '../audit/use-cases'
import { batchModule } from '../batch/module'
import type { EventBus } from '../event-bus'
import { historyModule } from '../history/module'
import { payoutsModule } from '../payouts/module'
import { policyModule } from '../policy/module'
import type { Profile } from '../profiles/profile'
import { profileDir } from '../profiles/profile-dir'
import type { Signer } from '../signing'
import type { BackgroundLog } from '../shell/rotating-log'
import type { DeskStore } from '../store'
import { openProfileStore } from './profile-store'
import type { SessionDeps } from './session-options'

/** The features' modules of one open profile: each builds its own parts and owns its background services. */
export interface SessionModules {
  payouts: ReturnType<typeof payoutsModule>
  batch: ReturnType<typeof batchModule>
  policy: ReturnType<typeof policyModule>
  history: ReturnType<typeof historyModule>
}

/** What `open` hands the session it built; named, so no two parts can swap places. */
export interface SessionParts extends SessionModules {
  profile: Profile
  client: ApiClient
  audit: AuditLog
  store: DeskStore
  signer: Signer
  ownsStore: boolean
  events: EventBus
  log: BackgroundLog
}

/**
 * The composition of a profile's session: the store, signer and client every feature shares, then the features'
 * modules combined (policy's send gate into payouts, payouts' request path and budget into batch). It builds no part
 * of a feature itself; what only background work needs is built when the session's role starts it.
 */
export async function buildSessionParts(profile: Profile, deps: SessionDeps): Promise<SessionParts> {
  const signer = await deps.openSigner(profile)
  let store: DeskStore
  try {
    store = deps.store ?? openProfileStore(profileDir(deps.dataDir, profile.id), deps.role ?? 'app')
  } catch (err) {
    signer.dispose()
    throw err
  }
  const ownsStore = deps.store === undefined
  const log = deps.log ?? { error: () => undefined }
  const { events } = deps
  try {
    const audit = new AuditLog(store, deps.actor ?? deps.role ?? 'app')
    // Every process on the machine that signs with this key reserves its slots in the profile's store.
    const pacer = new Pacer({ ...deps.pacing, ledger: store.pacerLedger(profile.baseUrl, signer.keyId) })
    const sender = new RequestSender({ baseUrl: profile.baseUrl, signer, audit, pacer, ...deps.sender })
    // A person waits for what the session's client does; the services that run on their own use the background's.
    const client = new ApiClient(sender, 'interactive')
    const background = client.as('background')
    const { keyId } = signer
    const history = historyModule({ profile, store, keyId, background, pacer, events, history: deps.history })
    const { dataDir, now } = deps
    const policy = policyModule({ profile, store, client, dataDir, role: deps.role ?? 'app', log, now })
    const payouts = payoutsModule({
      profile,
      store,
      client,
      background,
      gate: policy.gate,
      events,
      log,
      now,
      notify: deps.notify,
      poller: deps.poller,
      followPerMinute: deps.followPerMinute,
      reminderMinutes: deps.reminderMinutes,
    })
    const batch = batchModule({
      profile,
      store,
      client,
      background,
      pacer,
      events,
      outbox: payouts.outbox,
      requests: payouts.announcing(),
      budget: payouts.budget,
      batchFollow: deps.batchFollow,
    })
    return { profile, client, audit, store, signer, ownsStore, events, log, payouts, batch, policy, history }
  } catch (err) {
    if (ownsStore) store.close()
    signer.dispose()
    throw err
  }
}
