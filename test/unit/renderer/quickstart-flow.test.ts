import { QueryObserver, type QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ProfileView } from '../../../shared/ipc/channels/profiles'
import { markOld } from '../../../renderer/src/data/desk-events'
import { deskKey } from '../../../renderer/src/data/desk-keys'
import { PROFILE_READS } from '../../../renderer/src/data/profiles'
import { createDeskQueryClient } from '../../../renderer/src/data/query-client'
import { runQuickstart } from '../../../renderer/src/data/quickstart'
import { deskQueryOptions } from '../../../renderer/src/data/useDeskQuery'
import { useNav } from '../../../renderer/src/stores/nav'

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
const current = (client: QueryClient) => client.getQueryData(deskKey('profiles.current', {}))
const onWallets = (client: QueryClient) =>
  client.isMutating() === 0 &&
  useNav.getState().section === 'wallets' &&
  (current(client) as ProfileView | null)?.id === made.id
/** A reload of the profiles, as profiles.changed starts one. */
const reload = (client: QueryClient) => markOld(client, PROFILE_READS)

/**
 * The window's cache with the shell on screen (it reads both profile channels), first read answered: no profile yet.
 */
async function openWindow(desk: ReturnType<typeof fakeDesk>): Promise<QueryClient> {
  const client = createDeskQueryClient()
  for (const channel of PROFILE_READS)
    new QueryObserver(client, deskQueryOptions(channel, {})).subscribe(() => undefined)
  await settle()
  desk.answer('profiles.list', [])
  desk.answer('profiles.current', null)
  await settle()
  return client
}

beforeEach(() => useNav.setState({ section: 'keys' }))
afterEach(() => delete (globalThis as { window?: unknown }).window)

describe('the quick start in the window', () => {
  it('opens Wallets on the core’s answer, even while the profile reload after it has not answered', async () => {
    const desk = fakeDesk()
    const client = await openWindow(desk)
    const run = runQuickstart(client)
    await settle()
    desk.answer('quickstart.simulator', { profile: made, walletCount: 3, consoleUrl: 'http://127.0.0.1:1/_console/' })
    await run
    // The keychain behind profiles.list is slow: the welcome screen must not wait for it.
    expect(desk.pending.map((p) => p.channel).sort()).toEqual(['profiles.current', 'profiles.list'])
    expect(onWallets(client)).toBe(true)
    expect(current(client)).toEqual(made)
  })

  it('a reload started before the quick start answered, answering after it, does not bring back the state before it', async () => {
    const desk = fakeDesk()
    const client = await openWindow(desk)
    const run = runQuickstart(client)
    await settle()
    // profiles.changed arrived mid-way (the profile was created, its key not yet registered): the window reloads.
    void reload(client)
    await settle()
    desk.answer('quickstart.simulator', { profile: made, walletCount: 3, consoleUrl: 'http://127.0.0.1:1/_console/' })
    await run
    desk.answer('profiles.list', [halfway])
    desk.answer('profiles.current', null)
    await settle()
    expect(onWallets(client)).toBe(true)
    expect(current(client)).toEqual(made)
  })

  it('reloads answered out of order leave the state of the one started last', async () => {
    const desk = fakeDesk()
    const client = await openWindow(desk)
    void reload(client)
    void reload(client)
    await settle()
    const [list1, list2] = desk.pending.filter((p) => p.channel === 'profiles.list')
    const [cur1, cur2] = desk.pending.filter((p) => p.channel === 'profiles.current')
    list2!.answer({ ok: true, data: [made] })
    cur2!.answer({ ok: true, data: made })
    await settle()
    list1!.answer({ ok: true, data: [halfway] })
    cur1!.answer({ ok: true, data: null })
    await settle()
    expect(client.getQueryData(deskKey('profiles.list', {}))).toEqual([made])
    expect(current(client)).toEqual(made)
  })

  it('ends in an error after 20 s should the core never answer, and may be run again', async () => {
    const desk = fakeDesk()
    const client = await openWindow(desk)
    vi.useFakeTimers()
    try {
      const run = runQuickstart(client)
      await vi.advanceTimersByTimeAsync(19_999)
      expect(client.isMutating()).toBe(1)
      await vi.advanceTimersByTimeAsync(1)
      await run
      expect(client.isMutating()).toBe(0)
      expect(client.getMutationCache().getAll().at(-1)?.state.error).toMatchObject({
        code: 'timeout',
        message: expect.stringContaining('20 s'),
      })
    } finally {
      vi.useRealTimers()
    }
    void runQuickstart(client)
    await settle()
    expect(desk.pending.filter((p) => p.channel === 'quickstart.simulator')).toHaveLength(2)
  })

  it('runs one quick start at a time', async () => {
    const desk = fakeDesk()
    const client = await openWindow(desk)
    void runQuickstart(client)
    void runQuickstart(client)
    await settle()
    expect(desk.pending.filter((p) => p.channel === 'quickstart.simulator')).toHaveLength(1)
  })
})
