import Big from 'big.js'
import type { RollForwardRow } from '../../../shared/api/ledger-report'
import type { WalletAccess } from '../history/use-cases'
import type { PeriodView } from './period-view'

/** One roll-forward row at the cutoff beside the provider's balance at that time. */
export interface CutoffBalance {
  walletId: string
  asset: string
  network: string
  closing: string | null
  /** Today's balance less the ledger's movements after the cutoff; null when the wallet could not be read. */
  provider: string | null
  difference: string | null
  problem: string | null
}

const key = (r: Pick<RollForwardRow, 'walletId' | 'asset' | 'network'>) => `${r.walletId}\n${r.asset}\n${r.network}`
const net = (r: RollForwardRow) => new Big(r.incoming).minus(r.outgoing).minus(r.fees)

/**
 * The provider's balance at the cutoff, read fresh: today's balance less what the ledger (synced to now) moved after
 * the cutoff, beside the roll-forward's closing. A wallet that cannot be read is said so, never taken as zero.
 */
export async function balancesAtCutoff(view: PeriodView, wallets: WalletAccess): Promise<CutoffBalance[]> {
  if (view.rollForward === null) return []
  const rows = new Map(view.rollForward.filter((r) => r.walletId !== '').map((r) => [key(r), r]))
  const after = new Map(view.after.map((r) => [key(r), net(r)]))
  const ids = [...new Set([...rows.values()].map((r) => r.walletId))].sort()
  const out: CutoffBalance[] = []
  await wallets(async (readWallet) => {
    for (const walletId of ids) {
      let balances: Array<{ asset: string; network: string; amount: string }>
      try {
        balances = (await readWallet(walletId)).balances
      } catch (err) {
        for (const r of rows.values())
          if (r.walletId === walletId)
            out.push({ ...r, closing: r.closing, provider: null, difference: null, problem: (err as Error).message })
        continue
      }
      const seen = new Set<string>()
      const each = (asset: string, network: string, amount: string) => {
        const k = key({ walletId, asset, network })
        seen.add(k)
        const closing = rows.get(k)?.closing ?? '0'
        const provider = new Big(amount).minus(after.get(k) ?? 0)
        out.push({
          walletId,
          asset,
          network,
          closing,
          provider: provider.toFixed(),
          difference: provider.minus(closing).toFixed(),
          problem: null,
        })
      }
      for (const b of balances) each(b.asset, b.network, b.amount)
      // A row the provider no longer lists is a balance it holds none of.
      for (const r of rows.values()) if (r.walletId === walletId && !seen.has(key(r))) each(r.asset, r.network, '0')
    }
  })
  return out.sort((a, b) => key(a).localeCompare(key(b)))
}
