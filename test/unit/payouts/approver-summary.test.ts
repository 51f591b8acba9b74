import { describe, expect, it } from 'vitest'
import { approverWords } from '../../../shared/address/approver-words'
import { approverSummary } from '../../../shared/payouts/approver-summary'

const w = {
  id: 'wd_1',
  amount: '12.5',
  asset: 'USDC',
  network: 'ethereum-sepolia',
  destination: '0x52908400098527886E0F7030069857D2E4169EE7',
}

describe('the approver summary', () => {
  it('holds the payout id, amount, destination name, full address, approver words and where to approve', () => {
    const text = approverSummary(w, 'Acme Ltd')
    expect(text).toContain('Payout wd_1')
    expect(text).toContain('12.5 USDC on Ethereum Sepolia')
    expect(text).toContain('To: Acme Ltd')
    expect(text).toContain(`Address: ${w.destination}`)
    expect(text).toContain(`Approver words: ${approverWords(w.network, w.destination).join(' ')}`)
    expect(text).toMatch(/provider's console/)
  })

  it("shows a name's hidden characters instead of passing them on", () => {
    expect(approverSummary(w, 'Acme\u202Eevil')).not.toContain('\u202E')
    expect(approverSummary(w, null)).toContain('not in the destination book')
  })
})
