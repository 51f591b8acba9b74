import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { profileDir, type Profile } from '../../../electron/core/profiles'
import { auditText } from '../../harness/store-reader'
import { startConnectorFixture, type ConnectorFixture } from '../connector/connector-fixture'

// Runs under test/with-keychain.sh: "policy set" with destination ids reads the book with the profile's key.
let f: ConnectorFixture
let p: Profile

beforeAll(async () => {
  f = await startConnectorFixture()
  p = await f.profile('ops', { writeTools: true })
}, 60_000)

afterAll(async () => {
  await f?.close()
})

describe('payout-desk policy and held', () => {
  it('shows the default (hold everything) until a person sets a policy; set replaces it, clear restores the default; each change audited with who', async () => {
    const initial = await f.cli(['policy', 'show', '--profile', 'ops'])
    expect(initial.code).toBe(0)
    expect(initial.stdout).toMatch(/the default \(no policy set\)/)
    expect(initial.stdout).toMatch(/Every payout waits for a person/)

    const set = await f.cli([
      'policy',
      'set',
      '--profile',
      'ops',
      '--max-per-payout',
      'usdc=25.5',
      '--max-per-day',
      'ETH=1',
      '--max-per-day',
      '*=0',
      '--max-requests-per-hour',
      '10',
      '--destinations',
      'verified-for:48',
      '--hold-above',
      'USDC=10',
    ])
    expect(set.code, set.stderr).toBe(0)
    const shown = JSON.parse((await f.cli(['policy', 'show', '--profile', 'ops', '--json'])).stdout)
    expect(shown).toMatchObject({
      kind: 'set',
      setBy: expect.stringMatching(/^cli \(.+\)$/),
      policy: {
        maxPerPayout: { USDC: '25.5' },
        maxPerDay: { ETH: '1', '*': '0' },
        maxRequestsPerHour: 10,
        destinations: { kind: 'verified_for', hours: 48 },
        holdAbove: { USDC: '10' },
        holdAll: false,
      },
    })
    const text = (await f.cli(['policy', 'show', '--profile', 'ops'])).stdout
    expect(text).toContain('At most 25.5 USDC per payout.')
    expect(text).toContain('At most 0 of any other asset in total in any 24 hours')

    // A clear holds every payout at once; the caps it removes allow more, so their removal waits for the delay.
    expect((await f.cli(['policy', 'clear', '--profile', 'ops'])).code).toBe(0)
    expect(JSON.parse((await f.cli(['policy', 'show', '--profile', 'ops', '--json'])).stdout)).toMatchObject({
      kind: 'set',
      policy: { holdAll: true, maxPerPayout: { USDC: '25.5' } },
      pending: {
        policy: null,
        changes: expect.arrayContaining([{ field: 'maxPerPayout', before: 'USDC=25.5', after: 'none' }]),
      },
    })

    const audit = auditText(profileDir(f.home, p.id))
      .split('\n')
      .map((l) => JSON.parse(l))
      .filter((e) => e.path.startsWith('policy.'))
    expect(audit.map((e) => [e.path, e.actor])).toEqual([
      ['policy.set', 'cli'],
      ['policy.set', 'cli'],
      ['policy.pending', 'cli'],
    ])
    expect(audit[0].detail).toMatchObject({ by: expect.any(String), policy: { maxRequestsPerHour: 10 } })
    expect(audit[0].at).toEqual(expect.any(String))
  })

  it.each([
    [['--max-per-payout', 'USDC=1.0000001'], /USDC has at most 6 decimal places/],
    [['--max-per-day', 'ETH=0'], /must be more than 0/],
    [['--max-per-day', 'ETH=-1'], /not a decimal amount/],
    [['--hold-above', 'DOGE=5'], /unknown asset "DOGE"/],
    [['--destinations', 'verified-for:0'], /hours must be more than 0/],
    [['--destinations', 'verified-for:-3'], /hours must be more than 0/],
    [['--max-requests-per-hour', '0'], /at least 1/],
    [['--destinations', 'no-such-destination'], /no destination has the id no-such-destination/],
  ])('policy set %j is refused with a clear error and changes nothing', async (args, message) => {
    const before = (await f.cli(['policy', 'show', '--profile', 'ops', '--json'])).stdout
    const r = await f.cli(['policy', 'set', '--profile', 'ops', ...args])
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(message)
    expect((await f.cli(['policy', 'show', '--profile', 'ops', '--json'])).stdout).toBe(before)
  })

  it('--hold-first-payout on|off: set, shown in words and as JSON; off again waits for the delay', async () => {
    await f.profile('first')
    const show = async () => JSON.parse((await f.cli(['policy', 'show', '--profile', 'first', '--json'])).stdout)
    expect((await f.cli(['policy', 'set', '--profile', 'first', '--hold-first-payout', 'on'])).code).toBe(0)
    expect(await show()).toMatchObject({ kind: 'set', policy: { holdFirstPayout: true, holdAll: false } })
    expect((await f.cli(['policy', 'show', '--profile', 'first'])).stdout).toContain(
      "An agent's first payout to a destination (no payout to that address has completed yet) waits for a person",
    )
    // Switching a hold off allows more: it waits for the delay, shown as pending.
    expect((await f.cli(['policy', 'set', '--profile', 'first', '--hold-first-payout', 'off'])).code).toBe(0)
    expect(await show()).toMatchObject({
      policy: { holdFirstPayout: true },
      pending: {
        policy: { holdFirstPayout: false },
        changes: [{ field: 'holdFirstPayout', before: 'on', after: 'off' }],
      },
    })
    // A later set that leaves it out switches it off too: the cap applies now, the hold stays until the delay.
    expect((await f.cli(['policy', 'set', '--profile', 'first', '--max-per-day', 'ETH=1'])).code).toBe(0)
    expect(await show()).toMatchObject({
      policy: { holdFirstPayout: true, maxPerDay: { ETH: '1' } },
      pending: { policy: { holdFirstPayout: false } },
    })
    expect(await f.cli(['policy', 'set', '--profile', 'ops', '--hold-first-payout', 'yes'])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--hold-first-payout is on or off/),
    })
  })

  it('usage errors: a malformed pair, --hold-all other than on/off, a non-number', async () => {
    expect(await f.cli(['policy', 'set', '--profile', 'ops', '--max-per-payout', 'ETH'])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/ASSET=AMOUNT/),
    })
    expect(await f.cli(['policy', 'set', '--profile', 'ops', '--hold-all', 'yes'])).toMatchObject({ code: 2 })
    expect(await f.cli(['policy', 'set', '--profile', 'ops', '--max-requests-per-hour', 'many'])).toMatchObject({
      code: 2,
    })
    expect(
      await f.cli(['policy', 'set', '--profile', 'ops', '--max-per-payout', 'ETH=1', '--max-per-payout', 'eth=2']),
    ).toMatchObject({ code: 2, stderr: expect.stringMatching(/ETH twice/) })
  })

  it('held: an empty list, a reject without a reason, and a key that is not held are refused', async () => {
    expect((await f.cli(['held', 'list', '--profile', 'ops'])).stdout).toMatch(/Nothing is held/)
    expect((await f.cli(['held', 'reject', 'k1', '--profile', 'ops'])).code).toBe(2)
    const missing = await f.cli(['held', 'reject', 'k1', '--profile', 'ops', '--reason', 'no'])
    expect(missing).toMatchObject({ code: 1, stderr: expect.stringMatching(/no payout with this Idempotency-Key/) })
  })
})
