import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cli } from '../../harness/cli-runner'
import { ETH, startConnectorFixture, type ConnectorFixture } from '../connector/connector-fixture'

const ORIGINAL = `0xabcd${'1'.repeat(32)}ef01`
const LOOKALIKE = `0xabcd${'2'.repeat(32)}ef01`

const company = (address: string, name: string, extra: string[] = []) => [
  'destinations',
  'add',
  '--profile',
  'ops',
  '--network',
  ETH.network,
  '--address',
  address,
  '--type',
  'company',
  '--company-name',
  name,
  '--wallet-type',
  'unhosted',
  '--country',
  'DE',
  '--label',
  name,
  ...extra,
]

/** Issue 47.9: a look-alike a person accepted once when registering it is still a look-alike in a batch's row. */
describe('a batch row to a look-alike of another entry', () => {
  let f: ConnectorFixture
  const rows = `destination,amount,asset,network\n${LOOKALIKE},0.01,ETH,${ETH.network}\n`
  beforeAll(async () => {
    f = await startConnectorFixture()
    await f.profile('ops')
    expect((await f.cli(company(ORIGINAL, 'Alpha Trading Ltd'))).code).toBe(0)
    const accepted = await f.cli(company(LOOKALIKE, 'Beta Logistics Ltd', ['--accept-lookalike', LOOKALIKE]))
    expect(accepted.code, accepted.stderr).toBe(0)
    const book = (await f.console.call('GET', 'counterparties')).body as {
      data: Array<{ id: string; workspace_id: string; can_send: boolean }>
    }
    for (const c of book.data.filter((x) => x.workspace_id === f.workspaceId && !x.can_send))
      await f.console.verify(c.id)
  }, 90_000)
  afterAll(async () => {
    await f?.close()
  })

  it('batch check names the row as a problem and exits 1', async () => {
    const r = await cli(f.home, ['batch', 'check', '-', '--profile', 'ops', '--wallet', 'Main'], rows)
    expect(r.code, r.stdout).toBe(1)
    expect(r.stdout + r.stderr).toMatch(
      new RegExp(`Line 2, destination: ${LOOKALIKE} looks like ${ORIGINAL} \\(destination: Alpha Trading Ltd\\)`),
    )
  })

  it('batch submit --yes records and pays nothing', async () => {
    const r = await cli(f.home, ['batch', 'submit', '-', '--profile', 'ops', '--wallet', 'Main', '--yes'], rows)
    expect(r.code).toBe(1)
    expect(r.stdout + r.stderr).toMatch(/A batch or pay-run row never pays a look-alike/)
    const withdrawals = (await f.console.call('GET', 'withdrawals')).body as { data: unknown[] }
    expect(withdrawals.data).toHaveLength(0)
  })
})

/** The same finding at the send: a row recorded before its look-alike came into the book is not sent on resume. */
describe('a recorded batch row whose destination became a look-alike before it was sent', () => {
  let f: ConnectorFixture
  const FIRST = `0xbeef${'3'.repeat(32)}c0de`
  const LATER = `0xbeef${'4'.repeat(32)}c0de`
  beforeAll(async () => {
    f = await startConnectorFixture()
    await f.profile('ops')
    expect((await f.cli(company(FIRST, 'Gamma Freight Ltd'))).code).toBe(0)
    const book = (await f.console.call('GET', 'counterparties')).body as { data: Array<{ id: string }> }
    for (const c of book.data) await f.console.verify(c.id)
  }, 90_000)
  afterAll(async () => {
    await f?.close()
  })

  it('batch resume refuses the row at the send gate, naming the look-alike', async () => {
    await f.console.call('POST', 'faults', {
      method: 'POST',
      path_prefix: '/api/v1/withdrawals',
      mode: 'status',
      status: 500,
      times: 50,
    })
    const rows = `destination,amount,asset,network\n${FIRST},0.01,ETH,${ETH.network}\n`
    const submitted = await cli(f.home, ['batch', 'submit', '-', '--profile', 'ops', '--wallet', 'Main', '--yes'], rows)
    const batchId = /Batch (\S+):/.exec(submitted.stdout)?.[1]
    expect(batchId, submitted.stdout + submitted.stderr).toBeDefined()
    await f.console.call('POST', 'faults', { method: 'POST', path_prefix: '/api/v1/', mode: 'status', times: 0 })
    const accepted = await f.cli(company(LATER, 'Delta Shipping Ltd', ['--accept-lookalike', LATER]))
    expect(accepted.code, accepted.stderr).toBe(0)
    const resumed = await f.cli(['batch', 'resume', batchId!, '--profile', 'ops'])
    expect(resumed.stderr).toMatch(/1 row was stopped by this desk's send gate and not sent/)
    expect(resumed.stderr).not.toMatch(/refused by the provider/)
    const status = await f.cli(['batch', 'status', batchId!, '--profile', 'ops', '--state', 'refused'])
    expect(status.stdout).toMatch(/lookalike_destination: .*looks like .*never pays a look-alike/)
    const withdrawals = (await f.console.call('GET', 'withdrawals')).body as { data: unknown[] }
    expect(withdrawals.data).toHaveLength(0)
  }, 120_000)
})
