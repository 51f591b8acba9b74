import type { Desk } from '../../electron/core/desk'
import type { RunningSimulator } from '../../electron/simulator'
import { consolePost } from './e2e-fixtures'

/**
 * A profile on the simulator listener at `url`, its key registered in the demo workspace there, made current: what
 * the profile form, Generate key and Save Key ID leave behind, made through the core. The page shows it after a
 * reload (or at once, when made before the page opens).
 */
export async function openKeyedProfile(
  desk: Desk,
  name: string,
  environment: 'sandbox' | 'production',
  url: string,
): Promise<void> {
  const profile = await desk.router.call('profiles.create', { name, environment, baseUrl: url, algorithm: 'ed25519' })
  const { base64 } = await desk.router.call('keys.publicKey', { profileId: profile.id, which: 'active' })
  const { key_id } = (await consolePost(url, '/keys', {
    workspace_id: 'ws-demo',
    algorithm: 'ed25519',
    public_key: base64,
  })) as { key_id: string }
  await desk.router.call('keys.setKeyId', { profileId: profile.id, keyId: key_id, which: 'active' })
  await desk.router.call('profiles.select', { profileId: profile.id })
}

/** A real production profile on the simulator's production listener (plain http is allowed on loopback only). */
export async function openProductionProfile(desk: Desk, sim: RunningSimulator): Promise<void> {
  await openKeyedProfile(desk, 'Live treasury', 'production', sim.production.url)
}
