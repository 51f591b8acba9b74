import { DeskError } from '../errors'
import { writeExportFile } from '../export-file'
import type { DeskStore } from '../store'
import type { Receipt } from '../../../shared/payouts/receipt'
import { buildReceipt } from './receipt'

export interface ReceiptShell {
  /** The window as a PDF; only the desktop shell has one. */
  printPage?: () => Promise<Uint8Array>
  chooseSavePath?: (suggestedName: string) => Promise<string | null>
}

/**
 * Saves the receipt the window shows as a PDF. Refused, naming the status, unless the payout is completed, so a
 * window that shows something else is never saved as a receipt; null when the person cancels the dialog.
 */
export async function saveReceiptPdf(
  shell: ReceiptShell,
  store: DeskStore,
  ref: string,
  environment: Receipt['environment'],
): Promise<{ path: string | null }> {
  if (!shell.printPage || !shell.chooseSavePath)
    throw new DeskError(
      'not_supported',
      "This window cannot save a PDF itself: use the browser's Print and choose Save as PDF.",
    )
  const receipt = buildReceipt(store, ref, { environment })
  const path = await shell.chooseSavePath(`receipt-${receipt.payoutId}.pdf`)
  if (path === null) return { path: null }
  await writeExportFile(path, await shell.printPage())
  return { path }
}
