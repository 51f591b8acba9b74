import { randomBytes, randomUUID } from 'node:crypto'
import type { Counterparty } from '../../shared/api/resources'
import { makeClient, registerKey } from './api-fixture'
import { consolePost, type App } from './e2e-fixtures'

/**
 * Text of exactly `units` UTF-16 units (the API's measure of a field) from `stem` repeated, never splitting a
 * character in two: what a book holds at its limit.
 */
export function atLimit(stem: string, units: number): string {
  let out = ''
  for (let i = 0; ; i++) {
    const ch = [...stem][i % [...stem].length]!
    if (out.length + ch.length > units) return out.padEnd(units, '.')
    out += ch
  }
}

/**
 * The scripts a real book mixes, each at the 120-character limit; "mixed" starts left-to-right and ends right-to-left.
 */
export const SCRIPTS = {
  latin: 'Switzerland destination invoices Zürich ',
  tight: 'SupplierAcmeInvoices',
  arabic: 'شركة الإمارات للتوريدات العامة ',
  hebrew: 'חברת האספקה הישראלית בעמ ',
  cjk: '東京供应商株式会社有限公司',
  emoji: '🏦💶🚀🌍✨',
  mixed: 'Acme Holdings شركة الإمارات ',
} as const

const stems = Object.values(SCRIPTS)
export const WALLET_NAME = atLimit('Operating حساب التشغيل Wallet ', 120)
export const PROFILE_NAME = atLimit('Treasury الخزينة ', 80)

/** `count` jobs, `width` at a time. */
async function inBatches<T>(count: number, width: number, job: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = []
  for (let start = 0; start < count; start += width) {
    out.push(...(await Promise.all(Array.from({ length: Math.min(width, count - start) }, (_, k) => job(start + k)))))
  }
  return out
}

/**
 * Of the waiting payouts, how many the app itself requests (with a reference at its limit); the rest come from
 * elsewhere.
 */
const THROUGH_THE_APP = 20

/**
 * A team's week on the current profile, written straight to the provider (under a key of its own, as another tool of
 * the workspace would) and through the core, never by clicking: a wallet with a mixed-direction name at its limit,
 * `destinations` verified destinations whose labels, companies and providers are at the limit in Latin, Arabic,
 * Hebrew, CJK and emoji, and `waiting` payouts to them waiting for approval.
 */
export async function seedTeamWeek(
  app: Pick<App, 'desk'>,
  url: string,
  counts: { destinations: number; waiting: number },
): Promise<Counterparty[]> {
  const client = makeClient(url, (await registerKey(url)).signer)
  const wallet = (await consolePost(url, '/wallets', {
    workspace_id: 'ws-demo',
    name: WALLET_NAME,
    balances: [
      {
        asset: 'USDC',
        network: 'ethereum-sepolia',
        amount: '987654321.123456',
        available: '987654321.123456',
        decimals: 6,
        usd_price: 1,
      },
    ],
  })) as { id: string }
  const book = await inBatches(counts.destinations, 20, async (i) => {
    const { counterparty } = await client.createCounterparty({
      network: 'ethereum-sepolia',
      address: `0x${randomBytes(20).toString('hex')}`,
      counterparty_type: 'company',
      // One payee per destination: several addresses of one payee would be payee changes, which wait to be confirmed.
      company_name: atLimit(`${i} ${stems[(i + 1) % stems.length]!}`, 120),
      wallet_type: 'vasp',
      vasp_name: atLimit(stems[(i + 2) % stems.length]!, 120),
      country: 'CH',
      label: atLimit(`${stems[i % stems.length]!}${i} `, 120),
    })
    return (await consolePost(url, `/counterparties/${counterparty.id}/verify`)) as Counterparty
  })
  const body = (i: number) => ({
    wallet_id: wallet.id,
    asset: 'USDC',
    network: 'ethereum-sepolia',
    amount: `${1234567 + i}.123456`,
    destination: book[i % book.length]!.address,
    fee_priority: 'medium' as const,
  })
  await inBatches(Math.min(THROUGH_THE_APP, counts.waiting), 5, (i) =>
    app.desk.router.call('payouts.request', { ...body(i), reference: atLimit(`INV-2026-${i}-`, 140) }),
  )
  await inBatches(Math.max(0, counts.waiting - THROUGH_THE_APP), 20, (i) =>
    client.createWithdrawal(body(i + THROUGH_THE_APP), randomUUID()),
  )
  return book
}
