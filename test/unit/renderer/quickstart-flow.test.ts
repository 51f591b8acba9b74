import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ProfileView } from '../../../shared/ipc/channels/profiles'
import { useNav } from '../../../renderer/src/stores/nav'
import { useProfiles } from '../../../renderer/src/stores/profiles'
import { useQuickstart } from '../../../renderer/src/stores/quickstart'

const made: ProfileView = {
  id: 'p_1',
  name: 'Local simulator',
  environment: 'sandbox',
  baseUrl: 'http://127.0.0.1:1',
  keyId: 'k_1',
  algorithm: 'ed25519',
  embedded: true,
  agentWriteTools: false,
  hasKey: true,
  pendingKey: null,
}
/** What a reload started in the middle of the quick start reads: the profile without its key, nothing selected yet. */
const halfway: ProfileView = { ...made, keyId: null, hasKey: false }

type Answer = { ok: true; data: unknown } | { ok: false; error: { code: string; message: string } }

/** A stand-in `window.desk` whose answers the test releases one by one, in the order it chooses. */
function fakeDesk() {
  const pending: Array<{ channel: string; answer(a: Answer): void }> = []
  const invoke = (channel: string) => new Promise<Answer>((answer) => pending.push({ channel, answer }))
  ;(globalThis as { window?: unknown }).window = { desk: { invoke, on: () => () => undefined } }
  const take = (channel: string) => {
    const i = pending.findIndex((p) => p.channel === channel)
    if (i < 0) throw new Error(`no ${channel} call waiting (waiting: ${pending.map((p) => p.channel).join(', ')})`)
    return pending.splice(i, 1)[0]!
  }
  return { pending, answer: (channel: string, data: unknown) => take(channel).answer({ ok: true, data }) }
}

const settle = () => new Promise((r) => setTimeout(r, 0))
const onWallets = () => !useQuickstart.getState().busy && useNav.getState().section === 'wallets' && useProfiles.getState().current?.id === made.id

beforeEach(() => {
  useProfiles.setState({ loaded: true, error: null, profiles: [], current: null })
  useQuickstart.setState({ busy: false, error: null })
  useNav.setState({ section: 'keys' })
})
afterEach(() => delete (globalThis as { window?: unknown }).window)

describe('the quick start in the window', () => {
  it('opens Wallets on the core’s answer, even while the profile reload after it has not answered', async () => {
    const desk = fakeDesk()
    const run = useQuickstart.getState().run()
    await settle()
    desk.answer('quickstart.simulator', { profile: made, walletCount: 3, consoleUrl: 'http://127.0.0.1:1/_console/' })
    await run
    // The keychain behind profiles.list is slow: the welcome screen must not wait for it.
    expect(onWallets()).toBe(true)
    expect(useProfiles.getState().current).toEqual(made)
  })

  it('a reload started before the quick start answered, answering after it, does not bring back the state before it', async () => {
    const desk = fakeDesk()
    const run = useQuickstart.getState().run()
    await settle()
    // profiles.changed arrived mid-way (the profile was created, its key not yet registered): the window reloads.
    const early = useProfiles.getState().load()
    await settle()
    desk.answer('quickstart.simulator', { profile: made, walletCount: 3, consoleUrl: 'http://127.0.0.1:1/_console/' })
    await run
    desk.answer('profiles.list', [halfway])
    desk.answer('profiles.current', null)
    await early
    await settle()
    expect(onWallets()).toBe(true)
    expect(useProfiles.getState().current).toEqual(made)
  })

  it('reloads answered out of order leave the state of the one started last', async () => {
    const desk = fakeDesk()
    const first = useProfiles.getState().load()
    const second = useProfiles.getState().load()
    await settle()
    const [list1, list2] = desk.pending.filter((p) => p.channel === 'profiles.list')
    const [cur1, cur2] = desk.pending.filter((p) => p.channel === 'profiles.current')
    list2!.answer({ ok: true, data: [made] })
    cur2!.answer({ ok: true, data: made })
    await second
    list1!.answer({ ok: true, data: [halfway] })
    cur1!.answer({ ok: true, data: null })
    await first
    expect(useProfiles.getState()).toMatchObject({ profiles: [made], current: made })
  })
})
