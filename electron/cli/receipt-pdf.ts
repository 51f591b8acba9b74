import { PDFDocument, StandardFonts, rgb, type PDFFont } from 'pdf-lib'
import QRCode from 'qrcode'
import type { ReceiptView } from '../../shared/payouts/receipt'
import type { UntrustedText } from '../../shared/text/untrusted-text'
import { codeOf } from '../../shared/text/char-classes'
import { shown, shownLine } from '../../shared/text/visible-text'

const PAGE = { width: 595.28, height: 841.89 } // A4 in points
const MARGIN = 56
const SIZE = 10

/** The receipt's facts in print order; times are UTC (a file has no Times setting). */
export function receiptFacts(r: ReceiptView): Array<[string, string | UntrustedText]> {
  const facts: Array<[string, string | UntrustedText | null]> = [
    ['Payout id', r.payoutId],
    ['Idempotency-Key', r.idempotencyKey],
    ['Environment', r.environment === 'production' ? 'Production' : 'Sandbox (test money, not a real payment)'],
    ['Amount', `${r.amount} ${r.asset}`],
    ['Network', r.networkName],
    ['Paid from', paidFrom(r)],
    ['Destination', r.destinationName ?? 'not in the destination book'],
    ['Address', r.address],
    ['Reference', r.reference],
    ...r.invoices.map((i): [string, string] => ['Invoice', invoiceFact(i)]),
    ['Requested by', r.requestedBy],
    ['Requested', r.requestedAt],
    ['Accepted by the provider', r.acceptedAt],
    ['Completed', r.completedAt],
    ['Transaction hash', r.txHash],
    ['Explorer', r.explorerUrl],
    ['Audit row', r.audit ? `#${r.audit.seq}, hash ${r.audit.hash}` : 'none recorded by this desk'],
    ['Receipt made', r.generatedAt],
  ]
  return facts.filter((f): f is [string, string | UntrustedText] => f[1] !== null)
}

/** An invoice on one line: its number, the sum it asks, its due day and the kept PDF's SHA-256. */
function invoiceFact(i: ReceiptView['invoices'][number]): string {
  const parts = [
    i.amount === null ? null : `amount ${i.amount}`,
    i.dueDate === null ? null : `due ${i.dueDate}`,
    i.sha256 === null ? null : `PDF sha256 ${i.sha256}`,
  ].filter((p) => p !== null)
  return parts.length === 0 ? i.number : `${i.number} (${parts.join(', ')})`
}

/** The paying wallet by name and id, as far as they are known. */
function paidFrom(r: ReceiptView): string | UntrustedText | null {
  if (r.walletName && r.walletId) return shownLine`${r.walletName} (wallet ${r.walletId})`
  return r.walletName ?? (r.walletId ? `wallet ${r.walletId}` : null)
}

/** Provider and user text as the font can draw it: hidden characters and characters outside the font as [U+XXXX]. */
function drawable(font: PDFFont, value: string | UntrustedText): string {
  const set = new Set(font.getCharacterSet())
  return Array.from(shown(value), (ch) => (set.has(ch.codePointAt(0)!) ? ch : `[${codeOf(ch)}]`)).join('')
}

/** Breaks a value into lines that fit `width`, at any character (addresses and hashes have no spaces). */
function wrap(font: PDFFont, value: string, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const ch of value) {
    if (line && font.widthOfTextAtSize(line + ch, SIZE) > width) {
      lines.push(line)
      line = ''
    }
    line += ch
  }
  return [...lines, line]
}

/**
 * A one-page PDF of the receipt with a QR code of the explorer link (or of the hash when the network has no explorer).
 */
export async function receiptPdf(r: ReceiptView): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  doc.setTitle(`Payout receipt ${r.payoutId}`)
  doc.setCreator('Payout Desk')
  const page = doc.addPage([PAGE.width, PAGE.height])
  const font = await doc.embedFont(StandardFonts.Helvetica)
  const bold = await doc.embedFont(StandardFonts.HelveticaBold)
  let y = PAGE.height - MARGIN
  page.drawText('Payout receipt', { x: MARGIN, y, size: 18, font: bold })
  y -= 32
  const labelWidth = 150
  const valueWidth = PAGE.width - 2 * MARGIN - labelWidth
  for (const [label, value] of receiptFacts(r)) {
    page.drawText(label, { x: MARGIN, y, size: SIZE, font: bold, color: rgb(0.25, 0.25, 0.25) })
    for (const line of wrap(font, drawable(font, value), valueWidth)) {
      page.drawText(line, { x: MARGIN + labelWidth, y, size: SIZE, font })
      y -= SIZE + 4
    }
    y -= 6
  }
  const qr = await doc.embedPng(
    await QRCode.toBuffer(r.explorerUrl ?? r.txHash, { type: 'png', margin: 1, width: 240 }),
  )
  const side = 140
  page.drawImage(qr, { x: MARGIN + labelWidth, y: y - side, width: side, height: side })
  return doc.save()
}
