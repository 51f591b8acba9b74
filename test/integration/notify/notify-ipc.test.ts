import { execFileSync } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closeDeskRig, openDeskRig, type DeskRig } from '../../harness/ipc-desk'
import { startWebhookReceiver, type WebhookReceiver } from '../../harness/notify-receivers'

describe('the Notifications section over IPC', () => {
  let rig: DeskRig
  let hooks: WebhookReceiver
  const path = `/hook-secret-${Date.now()}`

  beforeAll(async () => {
    rig = await openDeskRig('notify-ipc-')
    hooks = await startWebhookReceiver()
  }, 60_000)
  afterAll(async () => {
    await hooks.close()
    await closeDeskRig(rig)
  })

  it('adds, lists (never the URL), tests and removes a channel; refuses plain http elsewhere and a bad zone', async () => {
    const { router } = rig.desk
    const { channel } = await router.call('notify.add', {
      target: { kind: 'webhook', url: `${hooks.url}${path}` },
      name: 'Teams <b>ops</b>',
      escalation: false,
    })
    expect(channel).toMatchObject({ name: 'Teams <b>ops</b>', kind: 'webhook', escalation: false, lastError: null })
    const listed = await router.call('notify.list', {})
    expect(listed.channels).toHaveLength(1)
    expect(JSON.stringify(listed)).not.toContain(path)
    expect(listed.settings).toMatchObject({
      remindAfterMinutes: 30,
      escalateAfterMinutes: 120,
      expiresAfterHours: null,
    })

    const { results } = await router.call('notify.test', {})
    expect(results).toEqual([{ name: 'Teams <b>ops</b>', delivered: true, error: null }])
    expect(hooks.received.map((r) => JSON.parse(r.body).kind)).toEqual(['test'])

    await expect(
      router.call('notify.add', {
        target: { kind: 'slack', url: 'http://hooks.example/services/secret' },
        escalation: false,
      }),
    ).rejects.toMatchObject({ code: 'invalid_input', message: expect.not.stringContaining('secret') })
    await expect(router.call('notify.set', { timeZone: 'Mars/Olympus' })).rejects.toMatchObject({
      code: 'invalid_input',
    })
    expect((await router.call('notify.set', { expiresAfterHours: 2 })).settings.expiresAfterHours).toBe(2)

    // Not one byte of the URL's secret path in the data folder (grep exits 1 when it finds nothing).
    expect(() => execFileSync('grep', ['-rlaF', path.slice(1), rig.dir])).toThrow()
    await router.call('notify.remove', { name: 'Teams <b>ops</b>' })
    expect((await router.call('notify.list', {})).channels).toEqual([])
  }, 60_000)
})
