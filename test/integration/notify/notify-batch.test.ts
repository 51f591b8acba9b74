import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkBatchFile } from '../../../electron/core/batch/batch-check'
import { BatchRunner } from '../../../electron/core/batch/batch-runner'
import { submitBatch } from '../../../electron/core/batch/batch-submit'
import { EventBus } from '../../../electron/core/event-bus'
import { ProfileStore, type Profile } from '../../../electron/core/profiles'
import { ProfileSession } from '../../../electron/core/session/session'
import { createEd25519Signer } from '../../../electron/core/signing'
import { startSimulator } from '../../../electron/simulator'
import { batchCsv, setupBatchWorkspace, type BatchWorkspace } from '../../harness/batch-fixture'
import { cli } from '../../harness/cli-runner'
import { startWebhookReceiver, type WebhookReceiver } from '../../harness/notify-receivers'

// Runs under test/with-keychain.sh.
describe('a batch is one message with its totals and row count', () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>
  let ws: BatchWorkspace
  let hooks: WebhookReceiver
  let dataDir: string
  let profile: Profile

  beforeAll(async () => {
    sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
    ws = await setupBatchWorkspace(sim.sandbox.url, '10')
    hooks = await startWebhookReceiver()
    dataDir = await mkdtemp(join(tmpdir(), 'notify-batch-'))
    const profiles = new ProfileStore(dataDir)
    const added = await profiles.add({
      name: 'Ops',
      environment: 'sandbox',
      baseUrl: sim.sandbox.url,
      algorithm: 'ed25519',
    })
    profile = await profiles.update(added.id, { keyId: ws.key.keyId })
    const r = await cli(dataDir, ['notify', 'add', '--profile', 'Ops', '--webhook', `${hooks.url}/approvers`])
    expect(r.code, r.stderr).toBe(0)
  }, 60_000)

  afterAll(async () => {
    await cli(dataDir, ['notify', 'remove', '--profile', 'Ops', '--name', 'webhook'])
    await ws.client.sender.close()
    await hooks.close()
    await sim.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('the process that sent the batch (a CLI session) says so once, before it is done', async () => {
    const session = await ProfileSession.open(profile, {
      dataDir,
      role: 'cli',
      events: new EventBus(),
      openSigner: async () => createEd25519Signer(ws.key.keyId, ws.key.secret),
    })
    const lines = Array.from({ length: 5 }, (_, i) => ({
      destination: ws.destinations[i % 3]!.label,
      amount: `1.${i}`,
      wallet: ws.walletId,
    }))
    let ids: string[]
    try {
      const check = await checkBatchFile(ws.client, batchCsv(lines))
      const batch = await submitBatch(session.store, session.payouts.outbox, check, {
        source: 'march <!here>.csv',
        requestedBy: 'cli (bob)',
        confirmDuplicates: false,
        retypedTotal: null,
        production: false,
      })
      expect(await new BatchRunner(session.store, session.payouts).run(batch.id)).toMatchObject({ accepted: 5 })
      ids = session.payouts.outbox.ofBatch(batch.id).map((e) => e.withdrawalId!)
    } finally {
      await session.close()
    }
    const got = hooks.received.map((r) => JSON.parse(r.body))
    expect(got).toHaveLength(1)
    expect(got[0]).toMatchObject({ kind: 'batch', amounts: [{ asset: 'USDC', amount: '6' }], environment: 'sandbox' })
    expect([...got[0].payout_ids].sort()).toEqual([...ids].sort())
    expect(got[0].text).toContain('Rows: 5')
    expect(got[0].text).toContain('`march &lt;!here&gt;.csv`')
    // The approval pack's list in the one message: a line per payout the console lists, and the list's SHA-256.
    for (const id of ids) expect(got[0].text).toMatch(new RegExp(`^\\d\\. ${id} \\| \\d+(\\.\\d+)? USDC \\| `, 'm'))
    expect(got[0].text).toMatch(/List SHA-256: [0-9a-f]{64} /)
  }, 60_000)
})
