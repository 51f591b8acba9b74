import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../../../electron/cli/run-cli'
import { singleCommand } from '../../../electron/cli/command'
import { submitBatch } from '../../../electron/core/batch/batch-submit'
import { DeskError } from '../../../electron/core/errors'
import { Outbox } from '../../../electron/core/payouts/outbox'
import { profileDir, type Profile } from '../../../electron/core/profiles'
import { openProfileStore } from '../../../electron/core/session/profile-store'
import { DESTINATION, startConnectorFixture, type ConnectorFixture } from '../connector/connector-fixture'

// Text an agent or the provider wrote, made to rewrite the terminal: erase the line, move up, print a fake one.
const ERASE = '\r\u001b[2K'
const FORGED_WALLET = `w1${ERASE}    5 USDC from wallet w1 to ${DESTINATION}`
const FORGED_MESSAGE = `not accepted${ERASE}\u001b[1A\u009b2KSynced OK\nall rows accepted`
/** Control characters (a line break aside) and bidi controls, as code points. */
const isRaw = (c: number) =>
  (c < 0x20 && c !== 0x0a) || (c >= 0x7f && c <= 0x9f) || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069)

let f: ConnectorFixture
let p: Profile
let batchId = ''

function expectNoRawControls(printed: string): void {
  expect([...printed].map((c) => c.codePointAt(0)!).filter(isRaw)).toEqual([])
}

/** A held agent payout and a batch row the provider refused, both as the store holds them. */
async function record(): Promise<void> {
  const store = openProfileStore(profileDir(f.home, p.id), 'test')
  try {
    const outbox = Outbox.open(store)
    await outbox.add(
      {
        wallet_id: FORGED_WALLET,
        asset: 'USDC',
        amount: '200000',
        destination: DESTINATION,
        network: 'ethereum-sepolia',
      },
      `agent\u202Eevil`,
      new Date(),
      'held-forged',
      {
        state: 'held',
      },
    )
    const check = {
      rows: [
        {
          line: 2,
          body: { wallet_id: 'w1', asset: 'USDC', amount: '3', destination: DESTINATION, network: 'ethereum-sepolia' },
          reference: 'INV-1',
          destinationName: 'Maria K \u202Eevil\u202C contractor',
          walletName: 'Ops',
        },
      ],
      problems: [],
      totals: [],
      grandTotal: '3',
      lineCount: 1,
    }
    const batch = await submitBatch(store, outbox, check, {
      source: 'pay.csv',
      requestedBy: 'cli',
      confirmDuplicates: false,
      retypedTotal: null,
      production: false,
    })
    batchId = batch.id
    const [row] = outbox.ofBatch(batch.id)
    store.transaction('refuse the row', () => {
      store.outbox.transition(
        row!.idempotencyKey,
        () => ({ state: 'sending', withdrawalId: null, error: null }),
        store.processes.token,
      )
      store.outbox.transition(
        row!.idempotencyKey,
        () => ({ state: 'refused', withdrawalId: null, error: { code: 'validation_failed', message: FORGED_MESSAGE } }),
        store.processes.token,
      )
    })
  } finally {
    store.close()
  }
}

beforeAll(async () => {
  f = await startConnectorFixture()
  p = await f.profile('ops')
  await record()
}, 60_000)

afterAll(async () => {
  await f?.close()
})

describe('text from an agent or the provider on the terminal', () => {
  it('held list shows the escape sequences of a held payout instead of running them: the 200000 USDC stays on screen', async () => {
    const listed = await f.cli(['held', 'list', '--profile', 'ops'])
    expect(listed.code, listed.stderr).toBe(0)
    expectNoRawControls(listed.stdout)
    expect(listed.stdout).toContain(
      `200000 USDC from wallet w1[U+000D][U+001B][2K    5 USDC from wallet w1 to ${DESTINATION} to ${DESTINATION}`,
    )
    expect(listed.stdout).toContain('by agent[U+202E]evil')
    const json = await f.cli(['held', 'list', '--profile', 'ops', '--json'])
    expectNoRawControls(json.stdout)
    expect((JSON.parse(json.stdout) as Array<{ body: { wallet_id: string } }>)[0]!.body.wallet_id).toBe(FORGED_WALLET)
  })

  it('batch status keeps a refused row whose provider message tries to erase it, and names the destination visibly', async () => {
    const status = await f.cli(['batch', 'status', batchId, '--profile', 'ops'])
    expect(status.code, status.stderr).toBe(0)
    expectNoRawControls(status.stdout)
    const row = status.stdout.split('\n').find((l) => l.startsWith('2 '))!
    expect(row).toMatch(/INV-1\s+Maria K \[U\+202E\]evil\[U\+202C\] contractor\s+3 USDC .* refused /)
    expect(row).toContain('not accepted[U+000D][U+001B][2K[U+001B][1A[U+009B]2KSynced OK[U+000A]all rows accepted')
  })

  it('the outbox listing shows the same', async () => {
    const listed = await f.cli(['outbox', '--profile', 'ops'])
    expectNoRawControls(listed.stdout + listed.stderr)
    expect(listed.stdout).toContain('Synced OK[U+000A]all rows accepted')
  })

  it('an error echoed from the provider (as a failed history sync prints it) cannot print a fake "Synced OK" line', async () => {
    let stdout = ''
    let stderr = ''
    const failing = singleCommand({
      name: 'sync-like',
      summary: 'fails as the provider answered',
      usage: 'sync-like',
      run: async () => {
        throw new DeskError('service_unavailable', `The provider answered: ${FORGED_MESSAGE}`, 'req\u001b[8m')
      },
    })
    const code = await runCli(
      ['sync-like'],
      {
        out: (t) => void (stdout += `${t}\n`),
        err: (t) => void (stderr += `${t}\n`),
        stdinIsTty: false,
        readStdin: async () => '',
        readLine: async () => '',
        readHiddenLine: async () => '',
      },
      { commands: [failing], env: { PAYOUT_DESK_HOME: f.home } },
    )
    expect(code).toBe(1)
    expectNoRawControls(stdout + stderr)
    expect(stderr.trim().split('\n')).toHaveLength(1)
    expect(stderr).toContain('Synced OK[U+000A]all rows accepted (request req[U+001B][8m)')
  })
})
