import { randomUUID } from 'node:crypto'
import { DeskError } from '../errors'
import type { EventBus } from '../event-bus'
import type { ExportProgress } from '../csv/write'

export interface ExportResult {
  exportId: string
  path: string | null
  rows: number
  cancelled: boolean
}

export type ExportWork = (
  target: string,
  signal: AbortSignal,
  onProgress: (p: ExportProgress) => void,
) => Promise<{ rows: number; cancelled: boolean }>

/**
 * The exports under way in one set of handlers: each asks the shell where to save, runs with a
 * cancel signal and reports progress as `export.progress` events under its own id.
 */
export class ExportRuns {
  private readonly running = new Map<string, AbortController>()

  constructor(
    private readonly events: EventBus,
    /** The shell's save dialog; null when the user cancels it. */
    private readonly chooseSavePath: ((suggestedName: string) => Promise<string | null>) | undefined,
  ) {}

  async run(suggestedName: string, work: ExportWork): Promise<ExportResult> {
    const exportId = randomUUID()
    if (!this.chooseSavePath) throw new DeskError('not_supported', 'This shell cannot ask where to save an export.')
    const target = await this.chooseSavePath(suggestedName)
    if (target === null) return { exportId, path: null, rows: 0, cancelled: true }
    const controller = new AbortController()
    this.running.set(exportId, controller)
    try {
      const result = await work(target, controller.signal, (p) =>
        this.events.emit('export.progress', { exportId, ...p }),
      )
      return { exportId, path: result.cancelled ? null : target, rows: result.rows, cancelled: result.cancelled }
    } finally {
      this.running.delete(exportId)
    }
  }

  cancel(exportId: string): { cancelled: boolean } {
    const controller = this.running.get(exportId)
    controller?.abort()
    return { cancelled: controller !== undefined }
  }
}
