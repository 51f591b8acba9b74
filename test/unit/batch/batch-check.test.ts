import { describe, expect, it } from 'vitest'
import { checkRows, hasErrors } from '../../../electron/core/batch/batch-check'
import { readCsvRows } from '../../../electron/core/batch/csv-rows'
import { checkPayout } from '../../../shared/payouts/payout-rules'
import type { Counterparty, Wallet } from '../../../shared/api/resources'

const ADDR_A = '0x52908400098527886E0F7030069857D2E4169EE7'
const ADDR_B = '0x8617e340b3d01fa5f11f306f4090fd50e238070d'
const ADDR_P = '0xde709f2102306220921060314715629080e2fb77'

function wallet(
  id: string,
  name: string,
  balances: Array<[asset: string, network: string, available: string]>,
): Wallet {
  return {
    id,
    name,
    status: 'active',
    address: ADDR_A,
    deposit_addresses: [],
    networks: [],
    balances: balances.map(([asset, network, available]) => ({
      asset,
      network,
      amount: available,
      available,
      usd_value: Number(available) * 2,
    })),
    total_usd: 0,
  }
}
function destination(id: string, label: string, network: string, address: string, canSend = true): Counterparty {
  return {
    id,
    label,
    network,
    network_name: network,
    address,
    direction: 'send',
    status: canSend ? 'verified' : 'pending',
    can_send: canSend,
    verified_at: canSend ? '2026-01-01T00:00:00.000Z' : null,
    counterparty_type: 'company',
    company_name: label,
    wallet_type: 'unhosted',
    country: 'DE',
    created_at: '2026-01-01T00:00:00.000Z',
  }
}

const wallets = [
  wallet('w-main', 'Main', [
    ['USDC', 'ethereum-sepolia', '1000'],
    ['USDC', 'polygon-amoy', '50'],
    ['ETH', 'ethereum-sepolia', '2'],
  ]),
  wallet('w-ops', 'Ops', [['USDC', 'ethereum-sepolia', '10']]),
]
const book = [
  destination('cp-alice', 'Alice GmbH', 'ethereum-sepolia', ADDR_A),
  destination('cp-bob', 'Bob', 'ethereum-sepolia', ADDR_B),
  destination('cp-bob-poly', 'Bob', 'polygon-amoy', ADDR_B),
  destination('cp-pending', 'Pending Ltd', 'ethereum-sepolia', ADDR_P, false),
]

function check(csv: string, defaultWallet?: string) {
  const read = readCsvRows(csv)
  if (!read.ok) throw new Error(read.problems[0]!.message)
  return checkRows(read.rows, wallets, book, defaultWallet)
}
const messages = (csv: string, defaultWallet?: string) =>
  check(csv, defaultWallet).problems.map((p) => `${p.line}:${p.column}:${p.message}`)

describe('batch check: the single payout rules on every row', () => {
  it('refuses a reference or any cell with a bidi or control character, naming the character', () => {
    expect(
      messages(
        'destination,amount,asset,reference\ncp-alice,1,USDC,INV \u202Eevil\u202C 7\ncp-alice,2,USDC,ok\u001b[2K\n',
        'w-main',
      ),
    ).toEqual([
      '2:reference:Line 2, reference: contains U+202E RIGHT-TO-LEFT OVERRIDE, U+202C POP DIRECTIONAL FORMATTING, which can hide or reorder the text around them; type it without them.',
      '3:reference:Line 3, reference: contains U+001B ESCAPE, which can hide or reorder the text around it; type it without it.',
    ])
  })

  it('resolves destinations by id, label or address, wallets by id or name, and builds the exact body', () => {
    const r = check(
      'destination,amount,asset,network,wallet,fee_priority,reference\n' +
        'cp-alice,10.5,USDC,,w-main,high,inv-1\n' +
        'alice gmbh,1,usdc,ethereum-sepolia,main,,\n' +
        `${ADDR_B.toUpperCase().replace('0X', '0x')},0.25,USDC,polygon-amoy,Main,,\n`,
    )
    expect(r.problems).toEqual([])
    expect(r.rows.map((x) => x.body)).toEqual([
      {
        wallet_id: 'w-main',
        asset: 'USDC',
        amount: '10.5',
        destination: ADDR_A,
        network: 'ethereum-sepolia',
        fee_priority: 'high',
      },
      { wallet_id: 'w-main', asset: 'USDC', amount: '1', destination: ADDR_A, network: 'ethereum-sepolia' },
      { wallet_id: 'w-main', asset: 'USDC', amount: '0.25', destination: ADDR_B, network: 'polygon-amoy' },
    ])
    expect(r.rows.map((x) => [x.line, x.reference, x.destinationName])).toEqual([
      [2, 'inv-1', 'Alice GmbH'],
      [3, null, 'Alice GmbH'],
      [4, null, 'Bob'],
    ])
    expect(r.grandTotal).toBe('11.75')
    expect(r.totals).toEqual([
      {
        walletId: 'w-main',
        walletName: 'Main',
        asset: 'USDC',
        network: 'ethereum-sepolia',
        rows: 2,
        total: '11.5',
        available: '1000',
        usd: 23,
      },
      {
        walletId: 'w-main',
        walletName: 'Main',
        asset: 'USDC',
        network: 'polygon-amoy',
        rows: 1,
        total: '0.25',
        available: '50',
        usd: 0.5,
      },
    ])
  })

  it('refuses amounts like 1e3, 1,5, " 10 ", -1, 0, too many decimals, and formula cells, each with its line and column', () => {
    const m = messages(
      'destination;amount;asset\n' +
        'cp-alice;1e3;USDC\n' +
        'cp-alice;1,5;USDC\n' +
        'cp-alice; 10 ;USDC\n' +
        'cp-alice;-1;USDC\n' +
        'cp-alice;0;USDC\n' +
        'cp-alice;0.1234567;USDC\n' +
        '=HYPERLINK("x");1;USDC\n' +
        `cp-alice;${'1'.repeat(101)};USDC\n`,
      'w-main',
    )
    expect(m).toEqual([
      '2:amount:Line 2, amount: "1e3" is in exponent notation; write the amount in full digits.',
      '3:amount:Line 3, amount: "1,5" has a decimal comma; write it with a dot (1.5) if that is what you mean. Amounts are never guessed.',
      '4:amount:Line 4, amount: " 10 " has spaces around it; write 10 alone.',
      '5:amount:Line 5, amount: "-1" is negative; a payout amount is more than zero.',
      '6:amount:Line 6, amount: "0": The amount must be more than zero.',
      '7:amount:Line 7, amount: USDC allows at most 6 decimal places.',
      '8:destination:Line 8, destination: starts with "=", which a spreadsheet reads as a formula; type the plain value.',
      expect.stringMatching(/^9:amount:Line 9, amount: "1{20}…": An amount has at most 100 characters\.$/),
    ])
  })

  it('refuses unknown, unverified and ambiguous destinations, assets not held, and a missing wallet', () => {
    const m = messages(
      'destination,amount,asset,network,wallet\n' +
        'Nobody,1,USDC,,w-main\n' +
        'Pending Ltd,1,USDC,,w-main\n' +
        'Bob,1,ETH,polygon-amoy,w-main\n' +
        'cp-alice,1,BTC,,w-main\n' +
        'cp-alice,1,USDC,,\n' +
        'cp-alice,1,USDC,,Nope\n' +
        'cp-bob-poly,1,USDC,,w-ops\n' +
        'cp-alice,1,USDC,solana-mainnet,w-main\n',
    )
    expect(m).toEqual([
      '2:destination:Line 2, destination: "Nobody" is not in the destination book (by id, label or address). Register it first.',
      '3:destination:Line 3, destination: "Pending Ltd" is not verified yet; payouts to it are refused until it is (can_send is false).',
      '4:network:Line 4, network: the wallet "Main" holds no ETH on polygon-amoy, the network of destination "Bob".',
      '5:asset:Line 5, asset: the wallet "Main" holds no BTC.',
      '6:wallet:Line 6, wallet: is empty, and the batch names no wallet (--wallet).',
      '7:wallet:Line 7, wallet: "Nope" is not one of the workspace\'s wallets (by id or name).',
      '8:network:Line 8, network: the wallet "Ops" holds no USDC on polygon-amoy, the network of destination "Bob".',
      '9:network:Line 9, network: "solana-mainnet" is not a network id (for example ethereum-sepolia).',
    ])
    // A label on two networks is settled by the network column, or by where the wallet holds the asset.
    expect(check('destination,amount,asset,network\nBob,1,USDC,polygon-amoy\n', 'w-main').rows[0]!.body.network).toBe(
      'polygon-amoy',
    )
    expect(check('destination,amount,asset\nBob,1,USDC\n', 'w-ops').rows[0]!.body.network).toBe('ethereum-sepolia')
    expect(messages('destination,amount,asset\nBob,1,USDC\n', 'w-main')[0]).toMatch(
      /names 2 destinations \(cp-bob on ethereum-sepolia, cp-bob-poly on polygon-amoy\); use its id or give the network/,
    )
  })

  it("checks each balance's batch total against what is available, at the first line that passes it", () => {
    const r = check(
      'destination,amount,asset\ncp-alice,4,USDC\ncp-bob,4,USDC\ncp-alice,2.000001,USDC\ncp-bob,1,USDC\n',
      'Ops',
    )
    expect(r.problems.map((p) => [p.line, p.column, p.severity])).toEqual([[4, 'amount', 'error']])
    expect(r.problems[0]!.message).toMatch(
      /by this line the batch pays 10.000001 USDC on ethereum-sepolia from "Ops", more than its available 10/,
    )
  })

  it('flags repeated rows (same destination, amount and asset) for confirmation, not as errors', () => {
    const r = check(
      'destination,amount,asset\ncp-alice,1.50,USDC\nAlice GmbH,1.5,USDC\ncp-alice,1.5,ETH\ncp-bob,1.5,USDC\n',
      'w-main',
    )
    expect(r.problems).toEqual([
      {
        line: 3,
        column: null,
        severity: 'confirm',
        message:
          'Line 3 repeats line 2 (same destination, amount and asset); confirm that it is meant to be paid twice.',
      },
    ])
    expect(r.rows).toHaveLength(4)
  })
})

describe('batch check and the single payout form give the same answers', () => {
  // [wallet id, asset, network, amount, destination address]: a row names the destination by address, as the form sends
  // it.
  const cases: Array<[string, string, string, string, string]> = [
    ['w-main', 'USDC', 'ethereum-sepolia', '10', ADDR_A],
    ['w-main', 'USDC', 'polygon-amoy', '50', ADDR_B],
    ['w-main', 'USDC', 'polygon-amoy', '50.000001', ADDR_B],
    ['w-main', 'USDC', 'ethereum-sepolia', '1.1234567', ADDR_A],
    ['w-main', 'ETH', 'ethereum-sepolia', '1.123456789012345678', ADDR_A],
    ['w-main', 'ETH', 'ethereum-sepolia', '1', ADDR_P],
    ['w-main', 'USDC', 'polygon-amoy', '1', ADDR_A],
    ['w-main', 'USDC', 'ethereum-sepolia', '0', ADDR_A],
    ['w-main', 'USDC', 'ethereum-sepolia', '1e3', ADDR_A],
    ['w-main', 'USDC', 'ethereum-sepolia', '-1', ADDR_A],
    ['w-main', 'USDC', 'ethereum-sepolia', '1.', ADDR_A],
    ['w-main', 'USDC', 'ethereum-sepolia', '007', ADDR_A],
    ['w-ops', 'ETH', 'ethereum-sepolia', '1', ADDR_A],
    ['w-ops', 'USDC', 'ethereum-sepolia', '11', ADDR_B],
    ['w-gone', 'USDC', 'ethereum-sepolia', '1', ADDR_A],
    ['w-main', 'USDC', 'ethereum-sepolia', '1', '0x0000000000000000000000000000000000000001'],
  ]

  it.each(cases)('%s %s on %s, amount %s to %s', (walletId, asset, network, amount, address) => {
    const form = checkPayout(wallets, book, { wallet_id: walletId, asset, network, amount, destination: address })
    const batch = check(
      `destination,amount,asset,network,wallet\n${address},${amount},${asset},${network},${walletId}\n`,
    )
    expect({ refused: hasErrors(batch), problems: batch.problems.map((p) => p.message) }).toEqual({
      refused: Object.keys(form.problems).length > 0,
      problems: Object.keys(form.problems).length > 0 ? [expect.any(String)] : [],
    })
  })
})

describe('batch check: look-alike destinations are problems of the file', () => {
  it('a row paying an address with the ends of a book entry names the entry it resembles', () => {
    const fake = `${ADDR_A.slice(0, 20).toLowerCase()}${ADDR_A[20] === '1' ? '2' : '1'}${ADDR_A.slice(21).toLowerCase()}`
    expect(messages(`destination,amount,asset,wallet\n${fake},1,USDC,Main\n`)).toEqual([
      `2:destination:Line 2, destination: ${fake} is not in the destination book, and it looks like ${ADDR_A} ("Alice GmbH"): the same first and last 4 characters, a different address. Check the file against the book character by character.`,
    ])
  })

  it("a row paying the workspace's own deposit address says so", () => {
    const own = [
      {
        ...wallets[0]!,
        deposit_addresses: [
          { network: 'ethereum-sepolia', network_name: 'Sepolia', address: ADDR_P.replace('de70', 'aa70') },
        ],
      },
      wallets[1]!,
    ]
    const read = readCsvRows(`destination,amount,asset,wallet\n${ADDR_P.replace('de70', 'aa70')},1,USDC,Main\n`)
    if (!read.ok) throw new Error('unreadable')
    expect(checkRows(read.rows, own, book).problems.map((p) => p.message)).toEqual([
      `Line 2, destination: ${ADDR_P.replace('de70', 'aa70')} is this workspace's own deposit address (wallet "Main" on ethereum-sepolia), not an outside destination.`,
    ])
  })
})
