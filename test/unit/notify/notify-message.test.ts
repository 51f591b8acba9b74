import { describe, expect, it } from 'vitest'
import { batchMessage, payoutMessage } from '../../../electron/core/notify/compose'
import { chatBody, plainBody, subjectOf } from '../../../electron/core/notify/message'
import { sendTo } from '../../../electron/core/notify/senders'
import type { NotifyChannelRow } from '../../../electron/core/store'

const production = { environment: 'production' as const, baseUrl: 'https://api.custody.example', embedded: false }
const payout = {
  id: 'w-1',
  amount: '2500.00',
  asset: 'USDC',
  network: 'ethereum-sepolia',
  destination: '0x' + '12'.repeat(20),
  walletId: 'wal-1',
  payeeName: 'Acme\u202E <!here>',
  walletName: 'Treasury',
}

describe('what a production payout message says', () => {
  const m = payoutMessage(production, payout, 'app (Alice)')
  it('names PRODUCTION in capitals, the payee shortened as the app shows it, and no console it does not know', () => {
    const text = plainBody(m)
    expect(text).toContain('Environment: PRODUCTION')
    expect(subjectOf(m)).toMatch(/^\[PRODUCTION\] Payout of 2500\.00 USDC waits for approval$/)
    expect(text).toContain('To: Acme[U+202E] <!here> (0x121212…12121212)')
    expect(text).toContain('Wallet: Treasury (wal-1)')
    expect(text).toMatch(/Approver words: \w+ \w+ \w+ \w+/)
    expect(text).toContain("Approve or reject it in the provider's console; check")
    expect(text).not.toMatch(/https?:\/\//)
    expect(chatBody(m)).toContain('`Acme[U+202E] &lt;!here&gt;`')
  })
  it('a batch is one message: totals per asset, in decimals, and the row count', () => {
    const b = batchMessage(production, { id: 'b1', source: 'file.csv', requestedBy: 'cli' }, [
      payout,
      { ...payout, id: 'w-2', amount: '0.1' },
      { ...payout, id: 'w-3', amount: '0.2' },
    ])
    expect(b.amounts).toEqual([{ asset: 'USDC', amount: '2500.3' }])
    expect(b.payoutIds).toEqual(['w-1', 'w-2', 'w-3'])
    expect(plainBody(b)).toContain('Rows: 3')
  })
  it('the system notification goes through the process that can show one, in plain text', async () => {
    const os = { id: 'c', name: 'desk', kind: 'os', escalation: false, recipient: null } as NotifyChannelRow
    const shown: string[] = []
    await sendTo(os, null, payoutMessage(production, payout, 'app'), (title, body) => shown.push(title, body))
    expect(shown[0]).toMatch(/^\[PRODUCTION\]/)
    expect(shown[1]).not.toContain('`')
    await expect(sendTo(os, null, payoutMessage(production, payout, 'app'), undefined)).rejects.toThrow(
      /no system notifications/,
    )
  })
})
