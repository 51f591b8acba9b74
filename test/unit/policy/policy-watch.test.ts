import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { PolicyWatch } from '../../../electron/core/policy/policy-watch'

// A running connector hears of a policy change made in another process by polling its fingerprint.
let watch: PolicyWatch | null = null
beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  watch?.close()
  vi.useRealTimers()
})

it('tells its listeners once per change, not while the policy stays the same, and no one after they left or it closed', () => {
  let stored = 'v1'
  watch = new PolicyWatch(() => stored, 100)
  const heard = vi.fn()
  const leave = watch.onChange(heard)
  vi.advanceTimersByTime(300)
  expect(heard).not.toHaveBeenCalled()
  stored = 'v2'
  vi.advanceTimersByTime(100)
  vi.advanceTimersByTime(200)
  expect(heard).toHaveBeenCalledTimes(1)
  leave()
  stored = 'v3'
  vi.advanceTimersByTime(100)
  expect(heard).toHaveBeenCalledTimes(1)
  const other = vi.fn()
  watch.onChange(other)
  watch.close()
  stored = 'v4'
  vi.advanceTimersByTime(500)
  expect(other).not.toHaveBeenCalled()
})

it('a store that cannot be read is a change too (the tools then say the policy is unreadable), and so is its recovery', () => {
  let fail = false
  watch = new PolicyWatch(() => {
    if (fail) throw new Error('database is locked')
    return 'v1'
  }, 100)
  const heard = vi.fn()
  watch.onChange(heard)
  fail = true
  vi.advanceTimersByTime(100)
  vi.advanceTimersByTime(100)
  expect(heard).toHaveBeenCalledTimes(1)
  fail = false
  vi.advanceTimersByTime(100)
  expect(heard).toHaveBeenCalledTimes(2)
})

it('does not keep the process alive', () => {
  const timers = vi.spyOn(globalThis, 'setInterval')
  watch = new PolicyWatch(() => 'v1')
  expect((timers.mock.results[0]!.value as NodeJS.Timeout).hasRef()).toBe(false)
})
