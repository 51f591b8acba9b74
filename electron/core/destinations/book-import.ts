import { randomUUID } from 'node:crypto'
import { sameAddress } from '../../../shared/address/lookalike'
import type { ApiClient } from '../api/api-client'
import { ApiError } from '../api/errors'
import { DeskError } from '../errors'
import { destinationImportRepo, type DeskStore, type ImportRecord, type ImportRowState } from '../store'
import type { ImportCheck } from './book-import-check'
import { registerDestination } from './create-destination'

export interface ImportProgress extends Record<ImportRowState, number> {
  importId: string
  source: string
  intent: ImportRecord['state']
  total: number
  /** Nothing left to send. */
  finished: boolean
}

export type ImportClient = Pick<ApiClient, 'createCounterparty' | 'listCounterparties'>

/** A file with problems imports nothing; the refusal names how many and the first. */
export function importRefused(check: ImportCheck): DeskError {
  return new DeskError(
    'invalid_input',
    `The file has ${check.problems.length} problem${check.problems.length > 1 ? 's' : ''}; nothing was ` +
      `imported. ${check.problems[0]?.message ?? ''}`,
  )
}

const lease = (id: string) => `destination-import:${id}`

/**
 * Registers the new rows of a checked destination file one by one through the client's pacer, in file order, one
 * process at a time (a lease). The create has no Idempotency-Key, so each run first reads the book once and settles
 * the rows a kill left answered but unrecorded by their address, instead of sending them twice.
 */
export class DestinationImports {
  constructor(
    private readonly store: DeskStore,
    private readonly client: ImportClient,
    private readonly onProgress: (p: ImportProgress) => void = () => undefined,
    /** Who runs the import (`cli (alice)`): each row it creates is theirs for four eyes. */
    private readonly addedBy?: string,
  ) {}

  private get repo() {
    return this.store.repo(destinationImportRepo)
  }

  /** Records a file that passed the whole check (rows already in the book as existing); sends nothing. */
  record(check: ImportCheck, source: string, fileHash: string): ImportRecord {
    if (check.problems.length > 0) throw importRefused(check)
    if (check.rows.length === 0) throw new DeskError('invalid_input', 'The file has no destinations to import.')
    const job = {
      id: randomUUID(),
      created_at: new Date().toISOString(),
      source,
      file_hash: fileHash,
      state: 'running' as const,
      row_count: check.rows.length,
    }
    const rows = check.rows.map((r) => ({
      line: r.line,
      body: r.body,
      state: (r.existingId ? 'existing' : 'pending') as ImportRowState,
      counterpartyId: r.existingId,
    }))
    this.store.transaction('record the destination import', () => this.repo.insert(job, rows))
    return this.get(job.id)
  }

  get(id: string): ImportRecord {
    const job = this.store.read('read the destination import', () => this.repo.get(id))
    if (!job) throw new DeskError('import_not_found', `There is no destination import ${id} in this profile.`)
    return job
  }

  progress(id: string): ImportProgress {
    const job = this.get(id)
    const counts = this.store.read('count the destination import', () => this.repo.counts(id))
    return {
      importId: id,
      source: job.source,
      intent: job.state,
      total: job.row_count,
      ...counts,
      finished: counts.pending === 0,
    }
  }

  pause(id: string): ImportProgress {
    this.get(id)
    this.store.transaction('pause the destination import', () => this.repo.setState(id, 'paused'))
    return this.progress(id)
  }

  resume(id: string): ImportProgress {
    this.get(id)
    this.store.transaction('resume the destination import', () => this.repo.setState(id, 'running'))
    return this.progress(id)
  }

  /** Sends what is left; returns when every row is settled, or on pause or abort. */
  async run(id: string, signal?: AbortSignal): Promise<ImportProgress> {
    if (this.get(id).state !== 'running') return this.progress(id)
    if (!this.store.read('claim the destination import', () => this.store.leases.tryTake(lease(id)))) {
      throw new DeskError(
        'import_busy',
        'Another Payout Desk process is importing this file right now; its progress shows here as it goes.',
      )
    }
    try {
      await this.settleAnswered(id, signal)
      this.onProgress(this.progress(id))
      for (const row of this.store.read('read the import rows', () => this.repo.rows(id, ['pending']))) {
        if (signal?.aborted || this.get(id).state !== 'running') break
        await this.send(id, row.line, row.body, signal)
        this.onProgress(this.progress(id))
      }
    } finally {
      this.store.read('release the destination import', () => this.store.leases.release(lease(id)))
    }
    return this.progress(id)
  }

  /**
   * Pending rows already in the book: a kill came between the provider's answer and its record (created by this
   * import, after the check), or someone registered the address meanwhile (existing, from before the import).
   */
  private async settleAnswered(id: string, signal?: AbortSignal): Promise<void> {
    const pending = this.store.read('read the import rows', () => this.repo.rows(id, ['pending']))
    if (pending.length === 0) return
    const since = Date.parse(this.get(id).created_at)
    const book = await this.client.listCounterparties({ signal })
    this.store.transaction('settle the rows answered before a stop', () => {
      for (const row of pending) {
        const found = book.find(
          (c) => c.network === row.body.network && sameAddress(c.network, c.address, row.body.address),
        )
        if (found)
          this.repo.setRow(id, row.line, Date.parse(found.created_at) >= since ? 'created' : 'existing', found.id)
      }
    })
  }

  private async send(
    id: string,
    line: number,
    body: ImportCheck['rows'][number]['body'],
    signal?: AbortSignal,
  ): Promise<void> {
    try {
      // The gate again as the row is sent: a look-alike noted or claimed since the file's check (another import, the
      // agent, the form) refuses it, and the row's claim holds through the pacer's wait until the provider answers.
      await registerDestination(this.store, this.client, body, {
        howToAccept: '',
        signal,
        addedBy: this.addedBy,
        alsoRecord: ({ counterparty, alreadyExists }) =>
          this.repo.setRow(id, line, alreadyExists ? 'existing' : 'created', counterparty.id),
      })
    } catch (err) {
      // A refusal (the gate's, or one the provider answered) is this row's outcome; anything else (no answer, a pause)
      // is looked up by the next run.
      const refused =
        err instanceof DeskError
          ? err.code === 'lookalike_destination'
          : err instanceof ApiError && err.status < 500 && err.status !== 429
      if (!refused) throw err
      this.store.transaction('note the refused row', () =>
        this.repo.setRow(id, line, 'failed', null, (err as Error).message),
      )
    }
  }
}
