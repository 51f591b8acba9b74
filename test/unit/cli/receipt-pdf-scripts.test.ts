import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { extractText } from 'unpdf'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { receiptPdf } from '../../../electron/cli/receipt-pdf'
import { ReceiptSchema, type Receipt } from '../../../shared/payouts/receipt'

const ARABIC = 'شركة الأمل للتجارة والاستثمار ثابت بن نبيل'
const HEBREW = 'חברת האור בע"מ'
const CJK = '上海浦东发展有限公司 株式会社さくら 한국무역'
const EMOJI = 'Café Crème 🚀🌍👩‍💻'
const GERMAN = 'Donaudampfschifffahrts Zulieferungsgesellschaft Elektrizitätshauptbetriebswerkbauunterbeamten GmbH'

function receipt(overrides: Partial<Receipt>): Receipt {
  return {
    payoutId: '0d4c7a4e-8f3b-4a43-9a51-6a3c2d0f1e22',
    idempotencyKey: '5f0c2b3a-2f44-4c57-9d2e-0b8f3f6a1c10',
    amount: '12.5',
    asset: 'USDC',
    network: 'ethereum-sepolia',
    networkName: 'Ethereum Sepolia',
    destinationName: null,
    address: '0x52908400098527886E0F7030069857D2E4169EE7',
    walletId: 'w-1',
    walletName: null,
    environment: 'sandbox',
    txHash: '0x' + 'ab'.repeat(32),
    explorerUrl: null,
    reference: null,
    requestedBy: null,
    requestedAt: '2026-11-29T06:00:00.000Z',
    acceptedAt: null,
    completedAt: '2026-11-29T06:05:00.000Z',
    audit: null,
    invoices: [],
    generatedAt: '2026-11-29T06:10:00.000Z',
    ...overrides,
  }
}

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'receipt-scripts-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

/**
 * The receipt's text as Poppler's pdftotext reads it (right-to-left lines back in reading order, the direction marks
 * it adds left out), and as pdf.js reads it.
 */
async function pdfText(r: Receipt): Promise<{ text: string; pdfjs: string; bytes: number }> {
  const pdf = await receiptPdf(ReceiptSchema.parse(r))
  const file = join(dir, `${r.payoutId}.pdf`)
  await writeFile(file, pdf)
  const { stdout } = await promisify(execFile)('pdftotext', ['-enc', 'UTF-8', file, '-'])
  const { text: pdfjs } = await extractText(new Uint8Array(pdf), { mergePages: true })
  return {
    text: stdout.replace(/[\u202A-\u202E]/g, '').normalize('NFC'),
    pdfjs: pdfjs.normalize('NFC'),
    bytes: pdf.length,
  }
}

/** The text of the lines a value was printed on, without the label and with the lines joined by a space. */
function valueOf(text: string, label: string, next: string): string {
  const start = text.indexOf(label)
  expect(start, `${label} in ${text}`).toBeGreaterThanOrEqual(0)
  return text
    .slice(start + label.length, text.indexOf(next, start))
    .replace(/\s+/g, ' ')
    .trim()
}

describe('a receipt PDF in every script', () => {
  it('prints Arabic, Hebrew, CJK and emoji names as text, in their own letters', async () => {
    const { text, pdfjs, bytes } = await pdfText(
      receipt({ destinationName: ARABIC, walletName: HEBREW, reference: CJK, requestedBy: EMOJI }),
    )
    expect(text).not.toMatch(/\[U\+/)
    expect(valueOf(text, 'Destination', 'Address')).toBe(ARABIC)
    // A line of both directions: readers place the space between them each their own way.
    expect(valueOf(text, 'Paid from', 'Destination')).toContain(HEBREW)
    expect(valueOf(text, 'Paid from', 'Destination')).toContain('wallet w-1)')
    expect(valueOf(text, 'Reference', 'Requested by')).toBe(CJK)
    expect(valueOf(text, 'Requested by', 'Requested\n')).toBe(EMOJI)
    // pdf.js reads each word of a right-to-left line whole (its words come in the order they are drawn).
    const words = [ARABIC, HEBREW, CJK].flatMap((name) => name.split(' ')).filter((w) => /^\p{L}+$/u.test(w))
    for (const word of words) expect(pdfjs).toContain(word)
    // The fonts are subset to the letters used: a receipt stays small.
    expect(bytes).toBeLessThan(200_000)
  })

  it('wraps a long name at word boundaries, never inside a word', async () => {
    const { text } = await pdfText(receipt({ destinationName: GERMAN }))
    const lines = valueOf(text, 'Destination', 'Address')
    expect(lines).toBe(GERMAN)
    for (const word of GERMAN.split(' ')) expect(text).toContain(word)
  })

  it('still shows a hidden or reordering character as its code', async () => {
    const { text } = await pdfText(receipt({ destinationName: 'Acme\u202Egnp.exe' }))
    expect(valueOf(text, 'Destination', 'Address')).toBe('Acme[U+202E]gnp.exe')
  })
})
