import { describe, expect, it } from 'vitest'
import { addressProblem } from '../../../shared/api/address-problem'

const EVM = '0x52908400098527886E0F7030069857D2E4169EE7'

describe('why an address is not one of the network', () => {
  it('accepts a valid address, an EVM one in one case or with its checksum', () => {
    expect(addressProblem('ethereum-sepolia', EVM)).toBeNull()
    expect(addressProblem('ethereum-sepolia', EVM.toLowerCase())).toBeNull()
    expect(addressProblem('bitcoin-testnet', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx')).toBeNull()
  })

  it('names a wrong EIP-55 checksum as such, without offering a spelling', () => {
    const typo = EVM.replace('86E0F', '86e0F')
    expect(addressProblem('ethereum-sepolia', typo)).toBe(
      'The EIP-55 checksum (the mix of capital and small letters) does not match: a character is probably mistyped. Copy the address again from its owner; do not change its letters by hand.',
    )
  })

  it('names the network an address belongs to instead', () => {
    expect(addressProblem('ethereum-sepolia', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(
      'This looks like a Bitcoin address, not Ethereum Sepolia.',
    )
    expect(addressProblem('bitcoin-testnet', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(
      'This looks like a Bitcoin address, not Bitcoin Testnet.',
    )
    expect(addressProblem('ethereum-sepolia', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7')).toBe(
      'This looks like a Tron address, not Ethereum Sepolia.',
    )
    expect(addressProblem('solana-devnet', EVM)).toBe(
      'This looks like an Ethereum-style (EVM) address, not Solana Devnet.',
    )
  })

  it('says plainly when the text is no address at all', () => {
    expect(addressProblem('ethereum-sepolia', '0x1234')).toBe('Not a valid Ethereum Sepolia address.')
    expect(addressProblem('nowhere', EVM)).toBe('Unknown network nowhere.')
  })
})
