import Big from 'big.js'
import { join } from 'node:path'
import type { Wallet } from '../../../shared/api/resources'
import type { HomeSummary, ProfileGlance } from '../../../shared/ipc/channels/home'
import type { Environment, Profile } from '../profiles'
import { profileDir } from '../profiles'
import { readStoreGlance, STORE_FILE } from '../store'

function byAsset(amounts: ReadonlyArray<{ asset: string; amount: string }>): Array<{ asset: string; amount: string }> {
  const sums = new Map<string, Big>()
  for (const a of amounts) sums.set(a.asset, (sums.get(a.asset) ?? new Big(0)).plus(a.amount))
  return [...sums].sort(([a], [b]) => a.localeCompare(b)).map(([asset, sum]) => ({ asset, amount: sum.toFixed() }))
}

const balancesOf = (wallets: readonly Wallet[]) => wallets.flatMap((w) => w.balances)

function glance(dataDir: string, profile: Profile): ProfileGlance {
  const base = { profileId: profile.id, name: profile.name, environment: profile.environment }
  try {
    const g = readStoreGlance(join(profileDir(dataDir, profile.id), STORE_FILE))
    if (!g) return { ...base, store: null, problem: null }
    return {
      ...base,
      store: {
        balances: g.wallets
          ? {
              readAt: g.wallets.readAt,
              wallets: g.wallets.wallets.length,
              byAsset: byAsset(balancesOf(g.wallets.wallets)),
            }
          : null,
        waitingApproval: g.waitingApproval,
        waitingReadAt: g.waitingReadAt,
        held: g.held,
        unresolved: g.unresolved,
        ledger: g.ledger
          ? {
              complete: g.ledger.complete,
              syncedAt: g.ledger.syncedAtMs === null ? null : new Date(g.ledger.syncedAtMs).toISOString(),
              lastError: g.ledger.lastError,
            }
          : null,
      },
      problem: null,
    }
  } catch (err) {
    return { ...base, store: null, problem: err instanceof Error ? err.message : String(err) }
  }
}

/**
 * Every profile at a glance from its own store (the last wallets read, payouts waiting, held agent requests, the
 * outbox, the ledger's sync): no request to any provider. Totals are per environment: production and sandbox
 * balances are never added together.
 */
export function homeSummary(dataDir: string, profiles: readonly Profile[]): HomeSummary {
  const glances = profiles.map((p) => glance(dataDir, p))
  const environments: Environment[] = ['production', 'sandbox']
  const totals = environments
    .map((environment) => ({
      environment,
      byAsset: byAsset(
        glances.filter((g) => g.environment === environment).flatMap((g) => g.store?.balances?.byAsset ?? []),
      ),
    }))
    .filter((t) => t.byAsset.length > 0)
  return { profiles: glances, totals }
}
