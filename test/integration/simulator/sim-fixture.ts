import { startSimulator, type RunningSimulator } from '../../../electron/simulator'
import { simConsole, type SimConsole } from '../../harness/sim-console'
import { generateEd25519Key, signedFetch, type SignedResponse, type TestKey } from '../../harness/test-signer'

/** A simulator on free ports with an empty sandbox, one workspace, one Ed25519 key and a client bound to it. */
export interface Fixture {
  sim: RunningSimulator
  url: string
  console: SimConsole
  workspaceId: string
  keyId: string
  key: TestKey
  api(method: string, path: string, body?: unknown, idempotencyKey?: string): Promise<SignedResponse>
  /** A second key in a new workspace of the same (default) organisation. */
  otherWorkspace(): Promise<{ workspaceId: string; api: Fixture['api'] }>
}

export async function startFixture(seed: 'demo' | 'empty' = 'empty'): Promise<Fixture> {
  const sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed, quiet: true })
  const url = sim.sandbox.url
  const console = simConsole(url)
  // Tests send far more than 120 requests a minute; the rate-limit test sets its own limit.
  await console.settings({ rate_limit_per_minute: 1_000_000 })
  const bind = async (workspaceId: string) => {
    const key = generateEd25519Key()
    const keyId = await console.registerEd25519Key(workspaceId, key.publicKeyBase64)
    const api: Fixture['api'] = (method, path, body, idem) => signedFetch(url, keyId, key, method, path, body, idem)
    return { key, keyId, api }
  }
  const workspaceId = seed === 'demo' ? 'ws-demo' : (await console.createWorkspace('Test workspace')).id
  const own = await bind(workspaceId)
  return {
    sim,
    url,
    console,
    workspaceId,
    keyId: own.keyId,
    key: own.key,
    api: own.api,
    async otherWorkspace() {
      const other = (await console.createWorkspace('Other workspace')).id
      return { workspaceId: other, api: (await bind(other)).api }
    },
  }
}

export const ETH = {
  asset: 'ETH',
  network: 'ethereum-sepolia',
  amount: '10',
  available: '10',
  decimals: 18,
  usd_price: 3000,
}
export const USDC_ETH = { asset: 'USDC', network: 'ethereum-sepolia', amount: '5000', available: '5000', decimals: 6 }
export const USDC_POLYGON = { asset: 'USDC', network: 'polygon-amoy', amount: '800', available: '800', decimals: 6 }

/** A valid destination body for `network` and `address`. */
export function companyDestination(network: string, address: string) {
  return {
    network,
    address,
    counterparty_type: 'company',
    company_name: 'Acme Ltd',
    wallet_type: 'unhosted',
    country: 'DE',
    label: 'Acme',
  }
}
