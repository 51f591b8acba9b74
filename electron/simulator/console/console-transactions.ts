import { randomUUID } from 'node:crypto'
import { feeAsset, makeAddress, makeTxHash } from '../chain-formats'
import { ensureBalanceRow, requireFunds } from '../data/balance-rows'
import { generateHistory } from '../data/history-generator'
import { keepSolvent } from '../data/solvent-history'
import { Dec } from '../decimal'
import { depositLeg, moveLegs, payoutLeg, walletAddress, type MovementSpec } from '../data/legs'
import type { Environment } from '../environment'
import { HttpError } from '../http-error'
import { osRandom } from '../random-source'
import type { LegRecord, WalletRecord } from '../types'
import { GenerateSchema, MoveSchema, MovementSchema } from './console-schemas'
import { parseConsoleBody, readConsoleJson } from './parse-console-body'

const YEAR_MS = 365 * 86_400_000

function wallet(env: Environment, id: string): WalletRecord {
  const w = env.data.wallets.find((x) => x.id === id)
  if (!w) throw new HttpError(404, 'not_found', `No wallet ${id}.`)
  return w
}

/** A movement on a network the wallet has no address on yet gives it one, as a provider would on first use. */
function ensureAddress(w: WalletRecord, network: string): void {
  if (!walletAddress(w, network)) w.deposit_addresses.push({ network, address: makeAddress(network, osRandom) })
}

/** What a balance (by its key) has available now; zero for a pair the wallet does not hold. */
function availableNow(env: Environment, key: string) {
  const [walletId, asset, network] = key.split('\n')
  const w = env.data.wallets.find((x) => x.id === walletId)
  const row = w?.balances.find((b) => b.asset === asset && b.network === network)
  return w && row ? env.balance(w, row).available : new Dec(0)
}

/** The movement a console request describes: a new id and hash, recorded at the time it names or now. */
function movementOf(
  spec: Pick<MovementSpec, 'asset' | 'network' | 'amount' | 'status'> & { created_at?: string },
  w: WalletRecord,
  now: number,
): MovementSpec {
  const { asset, network, amount, status } = spec
  const at = spec.created_at ? Date.parse(spec.created_at) : now
  return { id: randomUUID(), wallet: w, asset, network, amount, at, txHash: makeTxHash(network, osRandom), status }
}

/** POST /_console/transactions in its three forms: one movement, an own-wallet move, or N generated movements. */
export function addTransactions(env: Environment, body: Buffer, now: number): LegRecord[] {
  const raw = readConsoleJson(body)
  let legs: LegRecord[]
  if (raw && typeof raw === 'object' && 'generate' in raw) {
    const spec = parseConsoleBody(body, GenerateSchema)
    const w = wallet(env, spec.wallet_id)
    if (w.balances.length === 0)
      throw new HttpError(400, 'validation_failed', 'The wallet has no balances to generate movements for.')
    const targets = env.data.wallets.filter((x) => x.workspace_id === w.workspace_id)
    const generated = generateHistory({
      count: spec.generate,
      wallets: [w],
      moveTargets: targets,
      source: osRandom,
      endMs: now,
      spanMs: YEAR_MS,
    })
    legs = keepSolvent(generated, (key) => availableNow(env, key), osRandom)
  } else if (raw && typeof raw === 'object' && 'to_wallet_id' in raw) {
    const spec = parseConsoleBody(body, MoveSchema)
    const from = wallet(env, spec.wallet_id)
    const to = wallet(env, spec.to_wallet_id)
    if (from.workspace_id !== to.workspace_id || from.id === to.id)
      throw new HttpError(400, 'validation_failed', 'A move needs two different wallets of one workspace.')
    requireFunds(env, from, spec.network, [{ asset: spec.asset, amount: spec.amount }])
    ensureAddress(from, spec.network)
    ensureAddress(to, spec.network)
    ensureBalanceRow(to, spec.asset, spec.network)
    legs = moveLegs(movementOf(spec, from, now), to, null)
  } else {
    const spec = parseConsoleBody(body, MovementSchema)
    const w = wallet(env, spec.wallet_id)
    const fee =
      spec.direction === 'out' && spec.fee !== undefined ? { asset: feeAsset(spec.network), amount: spec.fee } : null
    if (spec.direction === 'out')
      requireFunds(
        env,
        w,
        spec.network,
        fee ? [{ asset: spec.asset, amount: spec.amount }, fee] : [{ asset: spec.asset, amount: spec.amount }],
      )
    else ensureBalanceRow(w, spec.asset, spec.network)
    ensureAddress(w, spec.network)
    const movement = movementOf(spec, w, now)
    const outside =
      (spec.direction === 'in' ? spec.from_address : spec.to_address) ?? makeAddress(spec.network, osRandom)
    const leg = spec.direction === 'in' ? depositLeg(movement, outside) : payoutLeg(movement, outside, spec.fee ?? null)
    if (spec.direction === 'in' && spec.fee !== undefined) leg.fee = spec.fee
    legs = [leg]
  }
  env.data.legs.push(...legs)
  env.changed()
  return legs
}
