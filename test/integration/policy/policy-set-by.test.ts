import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { PolicySettings } from '../../../electron/core/policy/use-cases'
import { DeskStore } from '../../../electron/core/store'
import { policyRepo } from '../../../electron/core/store/policy/policy-repo'
import { NO_RULES } from '../../../shared/policy/policy-schema'

// A policy row is obeyed only when it is what the last change in the audit log wrote, who included. Earlier builds
// wrote who person first (`alice (app)`); every surface now writes the surface first (`app (alice)`, audit/who.ts).
let dir: string
let store: DeskStore
const policy = { ...NO_RULES, maxPerPayout: { USDC: '100' } }

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'policy-set-by-'))
  store = DeskStore.open(dir, 'test')
})
afterEach(() => {
  store.close()
  rmSync(dir, { recursive: true, force: true })
})

const setBy = (text: string) => store.repo((db) => db.prepare('UPDATE policy SET set_by = ? WHERE id = 1').run(text))

describe('who set the agent policy', () => {
  it('is written surface first, as every other write names its person', () => {
    new PolicySettings(store, { actor: 'cli', person: 'alice' }).set(policy, null)
    expect(store.repo(policyRepo).read()).toMatchObject({ kind: 'set', stored: { setBy: 'cli (alice)' } })
  })

  it('a row an earlier build wrote person first is still the policy in force; another person is not', () => {
    new PolicySettings(store, { actor: 'app', person: 'alice' }).set(policy, null)
    setBy('alice (app)')
    expect(new PolicySettings(store, { actor: 'app', person: 'bob' }).show()).toMatchObject({
      kind: 'set',
      setBy: 'alice (app)',
    })
    setBy('mallory (app)')
    expect(new PolicySettings(store, { actor: 'app', person: 'bob' }).show()).toMatchObject({ kind: 'unreadable' })
    setBy('app (mallory)')
    expect(new PolicySettings(store, { actor: 'app', person: 'bob' }).show()).toMatchObject({ kind: 'unreadable' })
  })
})
