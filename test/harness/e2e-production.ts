import type { Desk } from '../../electron/core/desk'
import type { RunningSimulator } from '../../electron/simulator'
import { consolePost } from './e2e-fixtures'

/**
 * A real production profile on the simulator's production listener (plain http is allowed on loopback only), its key
 * registered in the demo workspace there, made current. The page shows it after a reload.
 */
export async function openProductionProfile(desk: Desk, sim: RunningSimulator): Promise<void> {
  const profile = await desk.router.call('profiles.create', {
    name: 'Live treasury',
    environment: 'production',
    baseUrl: sim.production.url,
    algorithm: 'ed25519',
  })
  const { base64 } = await desk.router.call('keys.publicKey', { profileId: profile.id, which: 'active' })
  const { key_id } = (await consolePost(sim.production.url, '/keys', {
    workspace_id: 'ws-demo',
    algorithm: 'ed25519',
    public_key: base64,
  })) as { key_id: string }
  await desk.router.call('keys.setKeyId', { profileId: profile.id, keyId: key_id, which: 'active' })
  await desk.router.call('profiles.select', { profileId: profile.id })
}
