import { describe, expect, it } from 'vitest'
import { isNativeAsset, nativeAsset, withFeeMargin } from '../../../shared/payouts/native-assets'
import { payoutEffect } from '../../../shared/payouts/payout-effect'

describe('what a payout does to its balance', () => {
  const balance = {
    asset: 'USDC',
    network: 'ethereum-sepolia',
    amount: '1000.10',
    available: '800.000000000000000001',
    usd_value: 1000.1,
  }

  it('computes what is left exactly and the share of available, rounded down', () => {
    const effect = payoutEffect(balance, '736.1')
    expect(effect.availableAfter).toBe('63.900000000000000001')
    expect(effect.percentOfAvailable).toBe(92)
    expect(effect.usd).toBe(736.1)
  })

  it('gives no USD when the provider values the balance at nothing', () => {
    expect(payoutEffect({ ...balance, usd_value: 0 }, '1').usd).toBeNull()
  })

  it('knows each network’s own asset and keeps a margin only when there is room', () => {
    expect(nativeAsset('polygon-amoy')).toBe('POL')
    expect(isNativeAsset('MATIC', 'polygon')).toBe(true)
    expect(isNativeAsset('USDC', 'ethereum')).toBe(false)
    expect(withFeeMargin('ETH', '1.5')).toEqual({ margin: '0.01', amount: '1.49' })
    expect(withFeeMargin('ETH', '0.01')).toBeNull()
    expect(withFeeMargin('USDC', '5')).toBeNull()
  })
})
