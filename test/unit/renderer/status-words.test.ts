import { describe, expect, it } from 'vitest'
import { NETWORKS } from '@shared/api/networks'
import { WITHDRAWAL_STATUSES } from '@shared/api/resources'
import { ACTIVITY_ACTIONS } from '@shared/audit/activity-action'
import { HOLD_RULES } from '@shared/policy/hold-schema'
import { ACTION_NAMES, statusLabel, statusTone, WITHDRAWAL_TONE } from '../../../renderer/src/components/status-words'
import { HOLD_RULE_WORDS } from '../../../renderer/src/format/hold-rule'
import { networkName } from '../../../renderer/src/format/network-name'

// Issue 54: one colour map and one set of display names, so no screen shows an internal name or a tone of its own.
const SENTENCE = /^[A-Z][^_]*$/

describe('status words', () => {
  it('gives every payout status a tone of its own, the endings that lose money in the bad one', () => {
    for (const s of WITHDRAWAL_STATUSES) expect(Object.hasOwn(WITHDRAWAL_TONE, s), s).toBe(true)
    expect(['failed', 'rejected', 'expired'].map(statusTone)).toEqual(['bad', 'bad', 'bad'])
    expect(statusTone('completed')).toBe('good')
    expect(statusTone('pending_approval')).toBe('wait')
    expect(statusTone('verified')).toBe('good')
    expect(statusTone('something_new')).toBe('neutral')
  })

  it('writes a status in words, never with underscores', () => {
    for (const s of WITHDRAWAL_STATUSES) expect(statusLabel(s)).not.toContain('_')
    expect(statusLabel('pending_approval')).toBe('pending approval')
  })

  it("names a profile's key states as chips, Key ID spelled as the provider spells it", () => {
    expect(['ready', 'rotating', 'needs_key_id', 'no_key'].map(statusTone)).toEqual(['good', 'wait', 'wait', 'neutral'])
    expect(statusLabel('needs_key_id')).toBe('needs Key ID')
    expect(statusLabel('no_key')).toBe('no key')
  })

  it("gives a closed month's states a tone: locked is done, reopened waits for its new lock", () => {
    expect(['locked', 'reopened'].map(statusTone)).toEqual(['good', 'wait'])
  })

  it("gives a batch row's states words and a tone: a fix and a look-alike are bad, a confirmation and a new payee wait", () => {
    const states = ['fix_in_file', 'looks_like', 'confirm_below', 'new_payee']
    expect(states.map(statusTone)).toEqual(['bad', 'bad', 'wait', 'wait'])
    expect(states.map(statusLabel)).toEqual(['fix in the file', 'looks like', 'confirm below', 'new payee'])
  })

  it('names every network the app knows as people read it, never by its id', () => {
    for (const n of NETWORKS) {
      expect(networkName(n.id), n.id).not.toBe(n.id)
      expect(networkName(n.id), n.id).toMatch(/^[A-Z][A-Za-z]*( [A-Z][A-Za-z]*)*$/)
    }
    expect(networkName('ethereum-sepolia')).toBe('Ethereum Sepolia')
  })

  it('names every Activity action in sentence case, none of them "other"', () => {
    for (const a of ACTIVITY_ACTIONS) {
      const name = ACTION_NAMES[a]
      expect(typeof name, a).toBe('string')
      expect(name, a).toMatch(SENTENCE)
      expect(name.toLowerCase(), a).not.toBe('other')
    }
    expect(new Set(ACTIVITY_ACTIONS.map((a) => ACTION_NAMES[a])).size).toBe(ACTIVITY_ACTIONS.length)
  })

  it('names every hold rule in words, never hold_all', () => {
    for (const r of HOLD_RULES) {
      expect(HOLD_RULE_WORDS[r], r).toMatch(SENTENCE)
      expect(HOLD_RULE_WORDS[r], r).not.toContain('hold_')
    }
  })
})
