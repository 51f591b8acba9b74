import { ApiClient } from '../api/api-client'
import { Pacer, type PacerOptions } from '../api/pacer'
import { RequestSender } from '../api/request-sender'
import { AuditLog } from '../audit/use-cases'
import type { Profile } from '../profiles/profile'
import type { Signer } from '../signing'
import type { DeskStore } from '../store/desk-store'
import { HistorySync, type HistorySyncOptions, type SyncResult } from './history-sync'
import { openLedger } from './ledger-scope'
import { withSyncLease } from './sync-lease'
import type { SyncProgress } from './sync-progress'

export interface ProfileSyncRequest {
  profile: Profile
  store: DeskStore
  signer: Signer
  /** Who is syncing, for the audit log (cli, app). */
  actor: string
  signal: AbortSignal
  onProgress?: (p: SyncProgress) => void
  /** Another process holds the sync; this one waits for it. */
  onWait?: () => void
  pacing?: PacerOptions
  options?: HistorySyncOptions
}

/**
 * A sync someone asked for outside the app (the CLI): its own signed client on the key's shared
 * budget in the profile's store, the audit log, and the lease so no other process walks at once.
 */
export async function syncProfileHistory(req: ProfileSyncRequest): Promise<SyncResult & { cleared: boolean }> {
  const { ledger, cleared } = openLedger(req.store, req.profile.baseUrl, req.signer.keyId)
  const pacer = new Pacer({ ...req.pacing, ledger: req.store.pacerLedger(req.profile.baseUrl, req.signer.keyId) })
  const sender = new RequestSender({
    baseUrl: req.profile.baseUrl,
    signer: req.signer,
    pacer,
    audit: new AuditLog(req.store, req.actor),
  })
  try {
    const sync = new HistorySync(
      { client: new ApiClient(sender, 'interactive'), store: req.store, ledger, pacer },
      req.options,
    )
    const result = await withSyncLease(req.store, req.signal, req.onWait ?? (() => undefined), () =>
      sync.run(req.signal, req.onProgress),
    )
    return { ...result, cleared }
  } finally {
    await sender.close()
  }
}

/** A signed client for one errand outside the app (the CLI's balance read), on the key's shared pacer budget. */
export async function withProfileClient<T>(
  profile: Profile,
  store: DeskStore,
  signer: Signer,
  actor: string,
  fn: (client: ApiClient) => Promise<T>,
): Promise<T> {
  const pacer = new Pacer({ ledger: store.pacerLedger(profile.baseUrl, signer.keyId) })
  const sender = new RequestSender({ baseUrl: profile.baseUrl, signer, pacer, audit: new AuditLog(store, actor) })
  try {
    return await fn(new ApiClient(sender, 'interactive'))
  } finally {
    await sender.close()
  }
}
