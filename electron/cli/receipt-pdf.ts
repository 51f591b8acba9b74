import PDFDocument from 'pdfkit'
import QRCode from 'qrcode'
import type { ReceiptView } from '../../shared/payouts/receipt'
import type { UntrustedText } from '../../shared/text/untrusted-text'
import { shown, shownLine } from '../../shared/text/visible-text'
import { TextSetter } from './pdf-text/text-setter'

const PAGE = { width: 595.28, height: 841.89 } // A4 in points
const MARGIN = 56
const SIZE = 10
const LINE = SIZE + 4
const LABEL_WIDTH = 150
const VALUE_WIDTH = PAGE.width - 2 * MARGIN - LABEL_WIDTH

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

/** Draws the receipt's facts from the top of the page down: labels in Helvetica, values by the text setter. */
function drawFacts(doc: PDFKit.PDFDocument, setter: TextSetter, facts: ReadonlyArray<[string, string]>): number {
  let y = MARGIN + 18
  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .text('Payout receipt', MARGIN, y, { lineBreak: false, baseline: 'alphabetic' })
  y += 32
  for (const [label, value] of facts) {
    const lines = setter.lines(value, VALUE_WIDTH)
    if (y + lines.length * LINE > PAGE.height - MARGIN) {
      doc.addPage()
      y = MARGIN + SIZE
    }
    doc.font('Helvetica-Bold').fontSize(SIZE).fillColor('#404040')
    doc.text(label, MARGIN, y, { lineBreak: false, baseline: 'alphabetic' })
    doc.fillColor('black')
    for (const line of lines) {
      setter.draw(line, MARGIN + LABEL_WIDTH, y)
      y += LINE
    }
    y += 6
  }
  return y
}

/**
 * A PDF of the receipt with a QR code of the explorer link (or of the hash when the network has no explorer). Names
 * print in their own script (fonts for Latin, Arabic, Hebrew, CJK and emoji, subset to the letters used), right to
 * left where they read so, wrapped between words.
 */
export async function receiptPdf(r: ReceiptView): Promise<Uint8Array> {
  const doc = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    margin: MARGIN,
    info: { Title: `Payout receipt ${r.payoutId}`, Creator: 'Payout Desk' },
  })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const ended = new Promise((resolve) => doc.on('end', resolve))
  // Someone else's text is printed in its shown form: hidden and reordering characters as their codes.
  const facts = receiptFacts(r).map(([label, value]): [string, string] => [label, shown(value)])
  const setter = await TextSetter.for(
    doc,
    facts.map(([, value]) => value),
    SIZE,
  )
  let y = drawFacts(doc, setter, facts)
  const side = 140
  if (y + side > PAGE.height - MARGIN) {
    doc.addPage()
    y = MARGIN
  }
  const qr = await QRCode.toBuffer(r.explorerUrl ?? r.txHash, { type: 'png', margin: 1, width: 240 })
  doc.image(qr, MARGIN + LABEL_WIDTH, y, { width: side, height: side })
  doc.end()
  await ended
  return new Uint8Array(Buffer.concat(chunks))
}
