import { describe, expect, it } from 'vitest'
import { lockedNotify, NEEDS_YOU, pageEvents } from '../../../electron/core/desk-lock/page-events'
import { EventBus } from '../../../electron/core/event-bus'

describe('what a locked desk tells the page and the OS', () => {
  it('passes every event while open; while locked, only the lock’s own and a bare "needs you" for a notice', () => {
    const core = new EventBus()
    let locked = false
    const { events, dispose } = pageEvents(core, () => locked)
    const heard: Array<[string, unknown]> = []
    events.subscribe((name, payload) => heard.push([name, payload]))
    core.emit('app.notice', { level: 'info', message: 'Payout of 12.5 USDC to Acme completed' })
    locked = true
    core.emit('app.notice', { level: 'info', message: 'Payout of 12.5 USDC to Acme completed' })
    core.emit('outbox.changed', { profileId: 'p1' })
    core.emit('lock.changed', { locked: true })
    dispose()
    core.emit('lock.changed', { locked: false })
    expect(heard).toEqual([
      ['app.notice', { level: 'info', message: 'Payout of 12.5 USDC to Acme completed' }],
      ['lock.needsYou', {}],
      ['lock.changed', { locked: true }],
    ])
  })

  it('an OS notification while locked names no payout', () => {
    const shown: string[][] = []
    let locked = true
    const notify = lockedNotify(
      (title, body) => shown.push([title, body]),
      () => locked,
    )!
    notify('Payout completed', '12.5 USDC to Acme')
    locked = false
    notify('Payout completed', '12.5 USDC to Acme')
    expect(shown).toEqual([
      ['Payout Desk', NEEDS_YOU],
      ['Payout completed', '12.5 USDC to Acme'],
    ])
  })
})
