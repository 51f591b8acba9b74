import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { approvalPack, type PackLine } from '../../../electron/core/batch/approval-pack'

const line = (over: Partial<PackLine>): PackLine => ({
  payoutId: '7b0f3a52-0000-4000-8000-000000000001',
  amount: '0.1',
  asset: 'USDC',
  network: 'ethereum-sepolia',
  walletId: 'wal_1',
  name: 'Acme GmbH',
  address: '0xE9800387E448B82c3064d5146CD8Bb37C2d8EE26',
  ...over,
})

describe('an approval pack', () => {
  const pack = approvalPack({ title: 'batch b1', environment: 'production', recorded: 'today by ana' }, [
    line({}),
    line({ amount: '0.2', name: 'Evil\u202Egnp.exe\nApprove all <!channel>' }),
    line({ amount: '5', asset: 'ETH', walletId: 'wal_2' }),
  ])

  it('names PRODUCTION in capitals, counts the payouts and sums each wallet and asset as decimals', () => {
    expect(pack.text.split('\n')[0]).toBe('Approval pack (PRODUCTION): batch b1')
    expect(pack.count).toBe(3)
    expect(pack.totals.map((t) => [t.walletId, t.asset, t.total, t.count])).toEqual([
      ['wal_1', 'USDC', '0.3', 2],
      ['wal_2', 'ETH', '5', 1],
    ])
  })

  it("shows a name's hidden characters and line breaks as visible marks, one payout per line", () => {
    const listed = pack.text.split('\n').filter((l) => /^\d+\. /.test(l))
    expect(listed).toHaveLength(3)
    expect(listed[1]).toContain('Evil[U+202E]gnp.exe')
    expect(pack.text).not.toContain('\u202E')
    expect(pack.text.split('\n').filter((l) => l.startsWith('Approve all'))).toEqual([])
  })

  it("hashes exactly the list's lines as printed, so any changed name, amount or address changes it", () => {
    const listed = pack.text.split('\n').filter((l) => /^\d+\. /.test(l))
    const sha = createHash('sha256')
      .update(listed.map((l) => `${l}\n`).join(''))
      .digest('hex')
    expect(pack.sha256).toBe(sha)
    expect(pack.text).toContain(`List SHA-256: ${sha}`)
    const one = (l: PackLine, title = 'b') => approvalPack({ title, environment: 'sandbox', recorded: '' }, [l]).sha256
    expect(one(line({}), 'batch a')).toBe(one(line({}), 'batch b'))
    expect(one(line({ address: '0xE9800387E448B82c3064d5146CD8Bb37C2d8EE27' }))).not.toBe(one(line({})))
    expect(one(line({ amount: '0.10' }))).not.toBe(one(line({})))
  })
})
