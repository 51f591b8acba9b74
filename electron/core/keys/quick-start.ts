import { DeskError } from '../errors'
import type { Profile } from '../profiles'
import type { ProfileKeys } from './profile-keys'
import { registerSimulatorKey, simulatorConsoleUrl } from './simulator-console'

export type EmbeddedSimulator = () => Promise<{ sandboxUrl: string; consoleUrl: string }>

export interface QuickStartResult {
  profile: Profile
  walletCount: number
  consoleUrl: string
}

const PROFILE_NAME = 'Local simulator'

/**
 * "Try it with the local simulator": start it, make (or reuse) the embedded sandbox profile, give it a
 * key registered through the simulator's console, prove it with the connection test, and select it.
 */
export async function quickStartSimulator(keys: ProfileKeys, startSimulator: EmbeddedSimulator): Promise<QuickStartResult> {
  const sim = await startSimulator()
  const consoleUrl = sim.consoleUrl || simulatorConsoleUrl(sim.sandboxUrl)
  let profile = await existingEmbedded(keys)

  if (profile) {
    // The simulator may listen on another port than last time.
    if (profile.baseUrl !== sim.sandboxUrl) profile = await keys.profiles.update(profile.id, { baseUrl: sim.sandboxUrl })
    const check = await keys.test(profile.id, 'active')
    if (check.ok) return { profile: await keys.select(profile.id), walletCount: check.walletCount, consoleUrl }
    if (!REREGISTER.has(check.reason)) throw new DeskError(check.reason, check.message, check.requestId ?? undefined)
    // The simulator forgot the key (it restarted without state): register a fresh one.
    await keys.deleteKey(profile.id)
    return { ...(await registerAndTest(keys, profile, sim.sandboxUrl)), consoleUrl }
  }

  const created = await keys.create(
    { name: await freeName(keys), environment: 'sandbox', baseUrl: sim.sandboxUrl, algorithm: 'ed25519', embedded: true },
    false,
  )
  try {
    return { ...(await registerAndTest(keys, created, sim.sandboxUrl)), consoleUrl }
  } catch (err) {
    // A quick start that did not finish leaves no profile behind.
    await keys.remove(created.id).catch(() => undefined)
    throw err
  }
}

const REREGISTER = new Set(['unknown_key', 'no_key', 'no_key_id'])

async function registerAndTest(keys: ProfileKeys, profile: Profile, sandboxUrl: string): Promise<Omit<QuickStartResult, 'consoleUrl'>> {
  const publicKey = await keys.generate(profile.id)
  const keyId = await registerSimulatorKey(sandboxUrl, publicKey.base64)
  await keys.setKeyId(profile.id, keyId, 'active')
  const result = await keys.test(profile.id, 'active')
  if (!result.ok) throw new DeskError(result.reason, result.message, result.requestId ?? undefined)
  return { profile: await keys.select(profile.id), walletCount: result.walletCount }
}

async function existingEmbedded(keys: ProfileKeys): Promise<Profile | null> {
  return (await keys.profiles.list()).find((p) => p.embedded) ?? null
}

async function freeName(keys: ProfileKeys): Promise<string> {
  const taken = new Set((await keys.profiles.list()).map((p) => p.name.toLowerCase()))
  for (let n = 1; ; n++) {
    const name = n === 1 ? PROFILE_NAME : `${PROFILE_NAME} ${n}`
    if (!taken.has(name.toLowerCase())) return name
  }
}
