import { batchOf, exportBatchResults, listBatches, packOfBatch, readBatchStatus, writeApprovalPack } from './use-cases'
import { DeskError } from '../errors'
import { whoAmI } from '../audit/use-cases'
import type { batchChannels } from '../../../shared/ipc/channels/batch'
import type { HandlersFor } from '../ipc/router'
import type { SessionSource } from '../ipc/session-source'
import type { ApiClient } from '../api/api-client'
import type { DeskStore } from '../store'
import type { Outbox } from '../payouts/outbox'
import type { Profile } from '../profiles/profile'
import type { BatchService } from './batch-service'
import type { BatchSession } from './use-cases'

/** What these handlers use of the open profile's session. */
type BatchHandlerSession = BatchSession & {
  batches: BatchService
  store: DeskStore
  client: ApiClient
  payouts: { outbox: Outbox }
  profile: Pick<Profile, 'environment'>
}

export interface BatchHandlerDeps {
  host: SessionSource<BatchHandlerSession>
  /** The shell's save dialog; null when the user cancels it. */
  chooseSavePath?: (suggestedName: string) => Promise<string | null>
  requestedBy?: () => string
}

/**
 * A file read by the page arrives as base64 of its bytes (so a file that is not UTF-8 is told apart), pasted rows as
 * text.
 */
function batchInput(input: { base64?: string; text?: string }): Uint8Array | string {
  if (input.base64 !== undefined) return Buffer.from(input.base64, 'base64')
  if (input.text !== undefined) return input.text
  throw new DeskError('invalid_input', 'Choose a CSV file or paste rows from a spreadsheet.')
}

/** Handlers for batch payouts of the open profile: check, submit, follow, pause, resume, cancel, export. */
export function batchHandlers({
  host,
  chooseSavePath,
  requestedBy = whoAmI,
}: BatchHandlerDeps): HandlersFor<typeof batchChannels> {
  return {
    'batch.check': async (input) => (await host.session()).batches.check(batchInput(input), input.wallet),
    'batch.submit': async (input) => {
      const session = await host.session()
      return session.batches.submit({
        input: batchInput(input),
        wallet: input.wallet,
        source: input.source,
        requestedBy: requestedBy(),
        confirmDuplicates: input.confirmDuplicates,
        // A caller that says nothing has not confirmed the destinations never paid before.
        confirmFirstPayouts: input.confirmFirstPayouts ?? false,
        retypedTotal: input.retypedTotal,
        production: session.profile.environment === 'production',
      })
    },
    'batch.list': async () => {
      const session = await host.session()
      return listBatches(session.store)
    },
    'batch.status': async ({ batchId, state, refresh }) => {
      const session = await host.session()
      return readBatchStatus(
        session.store,
        { batchId, state },
        { refresh: refresh ? session.client : null, outbox: session.payouts.outbox },
      )
    },
    'batch.pause': async ({ batchId }) => (await host.session()).batches.pause(batchId),
    'batch.resume': async ({ batchId }) => (await host.session()).batches.resume(batchId),
    'batch.cancel': async ({ batchId }) => (await host.session()).batches.cancel(batchId),
    'batch.export': async ({ batchId }) => {
      const session = await host.session()
      batchOf(session.store, batchId)
      if (!chooseSavePath) throw new DeskError('not_supported', 'This shell cannot ask where to save an export.')
      const path = await chooseSavePath(`batch-${batchId.slice(0, 8)}-results.csv`)
      if (path === null) return { path: null, rows: 0 }
      return { path, rows: await exportBatchResults(session.store, batchId, path, session.payouts.outbox) }
    },
    'batch.savePack': async ({ batchId }) => {
      const session = await host.session()
      // Refused (nothing waits, no such batch) before a dialog is shown.
      const pack = packOfBatch(session.store, batchId, session.profile.environment)
      if (!chooseSavePath) throw new DeskError('not_supported', 'This shell cannot ask where to save a file.')
      const path = await chooseSavePath(`batch-${batchId.slice(0, 8)}-approval-pack.txt`)
      if (path !== null) await writeApprovalPack(path, pack)
      return { path, count: pack.count, sha256: pack.sha256 }
    },
  }
}
