import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { cli } from '../../harness/cli-runner'
import { DESTINATION, ETH, startConnectorFixture, type ConnectorFixture } from '../connector/connector-fixture'

// Published 11/20/2026: older than the 7 days a list stays fresh.
const SDN = join(import.meta.dirname, '../../fixtures/screening/sdn-small.xml')
const WARNING = /WARNING: The newest screening list is \d+ days old \(older than 7 days\).*sending is not blocked/

/** The CLI's sends warn first, on stderr, when even the newest screening list is stale; they still send. */
let f: ConnectorFixture
const batch = () =>
  cli(
    f.home,
    ['batch', 'submit', '-', '--profile', 'ops', '--wallet', 'Main', '--yes'],
    `destination,amount,asset,network\n${DESTINATION},0.01,ETH,${ETH.network}\n`,
  )

beforeAll(async () => {
  f = await startConnectorFixture()
  await f.profile('ops', {})
  const added = await f.cli(
    ['destinations', 'add', '--profile', 'ops', '--network', ETH.network, '--address', DESTINATION]
      .concat(['--type', 'company', '--company-name', 'Old Vendor Ltd', '--wallet-type', 'unhosted'])
      .concat(['--country', 'DE', '--label', 'Old vendor']),
  )
  expect(added.code, added.stderr).toBe(0)
  const book = (await f.console.call('GET', 'counterparties')).body as { data: Array<{ id: string }> }
  for (const c of book.data) await f.console.verify(c.id)
}, 90_000)
afterAll(async () => {
  await f?.close()
})

it('batch submit and run send warn when the newest list is stale, and send all the same', async () => {
  expect((await batch()).stderr).not.toMatch(/WARNING: The newest screening list/)
  expect((await f.cli(['screening', 'import', SDN, '--profile', 'ops', '--name', 'OFAC SDN'])).code).toBe(0)
  const sent = await batch()
  expect(sent.code, sent.stderr).toBe(0)
  expect(sent.stderr).toMatch(WARNING)

  const lines = join(f.home, 'run.csv')
  writeFileSync(lines, `destination,amount,asset,network,wallet\n${DESTINATION},0.01,ETH,${ETH.network},Main\n`)
  const run = ['run', 'add', '--profile', 'ops', '--name', 'Weekly', '--schedule', 'FREQ=WEEKLY;BYDAY=FR']
  expect((await f.cli([...run, '--file', lines])).code).toBe(0)
  const period = await f.cli(['run', 'send', 'Weekly', '--profile', 'ops', '--yes'])
  expect(period.stderr).toMatch(WARNING)
})

it('a fresh list beside the stale one ends the warning', async () => {
  const list = join(f.home, 'list.csv')
  writeFileSync(list, 'network,address,entry\nethereum-sepolia,0x000000000000000000000000000000000000dEaD,x\n')
  expect((await f.cli(['screening', 'import', list, '--profile', 'ops', '--name', 'Internal'])).code).toBe(0)
  const sent = await batch()
  expect(sent.code, sent.stderr).toBe(0)
  expect(sent.stderr).not.toMatch(/WARNING: The newest screening list/)
})
