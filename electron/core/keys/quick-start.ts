import type { ProfileView } from '../../../shared/ipc/channels/profiles'
import { DeskError } from '../errors'
import { profileView, type Profile } from '../profiles'
import type { ProfileKeys } from './profile-keys'
import { stepTimer, type StepTimer } from './quick-start-steps'
import { registerSimulatorKey, simulatorConsoleUrl } from './simulator-console'

export type EmbeddedSimulator = () => Promise<{ sandboxUrl: string; consoleUrl: string }>

export interface QuickStartResult {
  /** The selected profile as the window shows it: its key passed the connection test, so it has one. */
  profile: ProfileView
  walletCount: number
  consoleUrl: string
}

export interface QuickStartOptions {
  /** From the click to an answer; the window adds its own few seconds to reach Wallets within 20 s. */
  deadlineMs?: number
  now?: () => number
}

/** The core's share of the 20 s from the click to Wallets (or to an error naming the step that stalled). */
export const QUICK_START_DEADLINE_MS = 15_000
const PROFILE_NAME = 'Local simulator'

/**
 * "Try it with the local simulator": start it, make (or reuse) the embedded sandbox profile, give it a key registered
 * through the simulator's console, prove it with the connection test, and select it. Every step runs within one
 * deadline, so a stalled keychain or simulator ends in an error naming the step instead of a spinner without end.
 */
export async function quickStartSimulator(
  keys: ProfileKeys,
  startSimulator: EmbeddedSimulator,
  options: QuickStartOptions = {},
): Promise<QuickStartResult> {
  const t = stepTimer(options.deadlineMs ?? QUICK_START_DEADLINE_MS, options.now)
  const sim = await t.step('start the local simulator', 'simulator', startSimulator)
  const consoleUrl = sim.consoleUrl || simulatorConsoleUrl(sim.sandboxUrl)
  const all = await t.step('read the profiles', 'profiles', () => keys.profiles.list())
  let profile = all.find((p) => p.embedded) ?? null

  if (profile) {
    // The simulator may listen on another port than last time.
    const id = profile.id
    if (profile.baseUrl !== sim.sandboxUrl)
      profile = await t.step('update the profile', 'profiles', () =>
        keys.profiles.update(id, { baseUrl: sim.sandboxUrl }),
      )
    const check = await t.step('test the connection', 'keychain', () => keys.test(id, 'active'))
    if (check.ok) return { profile: await selected(t, keys, id), walletCount: check.walletCount, consoleUrl }
    if (!REREGISTER.has(check.reason))
      throw new DeskError(
        check.reason,
        `The quick start stopped at "test the connection": ${check.message}`,
        check.requestId ?? undefined,
      )
    // The simulator forgot the key (it restarted without state): register a fresh one.
    await t.step('delete the old key', 'keychain', () => keys.deleteKey(id))
    return { ...(await registerAndTest(t, keys, profile, sim.sandboxUrl)), consoleUrl }
  }

  const input = {
    name: freeName(all),
    environment: 'sandbox',
    baseUrl: sim.sandboxUrl,
    algorithm: 'ed25519',
    embedded: true,
  } as const
  const created = await t.step('create the profile', 'profiles', () => keys.create(input, false))
  try {
    return { ...(await registerAndTest(t, keys, created, sim.sandboxUrl)), consoleUrl }
  } catch (err) {
    // A quick start that did not finish leaves no profile behind. After a failed step it is gone before the error is
    // answered; after a stalled one it is removed once that step settles, so a late keychain stores no orphan key.
    const cleanup = t
      .settled()
      .then(() => keys.remove(created.id))
      .catch(() => undefined)
    if (!t.gaveUp()) await cleanup
    throw err
  }
}

const REREGISTER = new Set(['unknown_key', 'no_key', 'no_key_id'])

async function registerAndTest(
  t: StepTimer,
  keys: ProfileKeys,
  profile: Profile,
  sandboxUrl: string,
): Promise<Omit<QuickStartResult, 'consoleUrl'>> {
  const publicKey = await t.step('store a new key in the keychain', 'keychain', () => keys.generate(profile.id))
  const keyId = await t.step('register the key in the simulator console', 'simulator', () =>
    registerSimulatorKey(sandboxUrl, publicKey.base64),
  )
  await t.step('save the Key ID', 'keychain', () => keys.setKeyId(profile.id, keyId, 'active'))
  const result = await t.step('test the connection', 'keychain', () => keys.test(profile.id, 'active'))
  if (!result.ok)
    throw new DeskError(
      result.reason,
      `The quick start stopped at "test the connection": ${result.message}`,
      result.requestId ?? undefined,
    )
  return { profile: await selected(t, keys, profile.id), walletCount: result.walletCount }
}

/** The key just passed the connection test, so the view needs no further keychain read. */
async function selected(t: StepTimer, keys: ProfileKeys, id: string): Promise<ProfileView> {
  return profileView(await t.step('select the profile', 'profiles', () => keys.select(id)), true)
}

function freeName(profiles: Profile[]): string {
  const taken = new Set(profiles.map((p) => p.name.toLowerCase()))
  for (let n = 1; ; n++) {
    const name = n === 1 ? PROFILE_NAME : `${PROFILE_NAME} ${n}`
    if (!taken.has(name.toLowerCase())) return name
  }
}
