import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dayPlus, P, runDesks, weeklyFrom, type RunDesks } from '../../harness/run-desks'

// Runs under test/with-keychain.sh. Issue 47, finding 2: `run send NAME --yes` paid periods ahead.
let t: RunDesks
let home: string
const today = dayPlus(0)

beforeAll(async () => {
  t = await runDesks()
  home = await t.desk()
})
afterAll(() => t.close())

async function addRun(name: string): Promise<void> {
  const file = await t.file(`${name}.csv`, t.csv([['Alice', 'Alice GmbH', '1']]))
  const add = ['run', 'add', ...P, '--name', name, '--schedule', weeklyFrom(today), '--file', file]
  expect((await t.run(home, add)).code).toBe(0)
}

describe('run send pays only what is due', () => {
  it("three `run send --yes` in a row pay today's period once, and say the next one is ahead", async () => {
    await addRun('Cron')
    const before = (await t.made()).length
    const first = await t.run(home, ['run', 'send', 'Cron', ...P, '--yes'])
    expect(first.code).toBe(0)
    expect(first.stdout).toMatch(new RegExp(`Period ${today} recorded`))
    for (let i = 0; i < 2; i++) {
      const again = await t.run(home, ['run', 'send', 'Cron', ...P, '--yes'])
      expect(again.code).toBe(1)
      expect(again.stderr).toMatch(new RegExp(`nothing is due.*${dayPlus(7)} is ahead`, 'i'))
    }
    expect(await t.made()).toHaveLength(before + 1)
  })

  it('a period ahead needs its date typed on a terminal, or --ahead in a script; --yes alone never pays it', async () => {
    await addRun('Ahead')
    expect((await t.run(home, ['run', 'send', 'Ahead', ...P, '--yes'])).code).toBe(0)
    const before = (await t.made()).length
    const far = dayPlus(14 * 7)
    const yes = await t.run(home, ['run', 'send', 'Ahead', ...P, '--period', far, '--yes'])
    expect(yes.code).toBe(1)
    expect(yes.stderr).toMatch(new RegExp(`${far} is ahead.*--ahead`))
    const wrong = await t.run(home, ['run', 'send', 'Ahead', ...P, '--period', far], [dayPlus(7)])
    expect(wrong.code).toBe(1)
    expect(await t.made()).toHaveLength(before)

    const typed = await t.run(home, ['run', 'send', 'Ahead', ...P, '--period', dayPlus(7)], [dayPlus(7), 'y'])
    expect(typed.stdout).toMatch(new RegExp(`Period ${dayPlus(7)} recorded`))
    const script = await t.run(home, ['run', 'send', 'Ahead', ...P, '--period', far, '--ahead', '--yes'])
    expect(script.stdout).toMatch(new RegExp(`Period ${far} recorded`))
    expect(await t.made()).toHaveLength(before + 2)
  })
})
