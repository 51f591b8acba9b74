import { createElement, Fragment } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { usePaged } from '../../../renderer/src/components/Paged'
import { readCount } from '../../../renderer/src/screens/payouts/read-count'
import { batchStateWord, type BatchProgressView } from '../../../renderer/src/screens/batches/BatchActions'

/** A list of `n` rows drawn through the pager, as its first paint shows it. */
function firstPaint(n: number, size: number): string {
  function List() {
    const page = usePaged(
      Array.from({ length: n }, (_, i) => i + 1),
      size,
      'rows',
    )
    return createElement(
      Fragment,
      null,
      page.pager,
      ...page.rows.map((r) => createElement('li', { key: r }, String(r))),
    )
  }
  return renderToStaticMarkup(createElement(List))
}

const progress = (p: Partial<BatchProgressView>): BatchProgressView => ({
  batchId: 'b',
  intent: 'running',
  total: 3,
  sent: 0,
  queued: 3,
  sending: 0,
  accepted: 0,
  refused: 0,
  unknown: 0,
  discarded: 0,
  approval: { waiting: 0, approved: 0, completed: 0, rejected: 0, expired: 0, failed: 0, cancelled: 0 },
  finished: false,
  senderGone: false,
  ...p,
})

describe('lists at a team size', () => {
  it('302 rows are drawn one page of 20 at a time, saying where the page is', () => {
    const html = firstPaint(302, 20)
    expect(html.match(/<li>/g)).toHaveLength(20)
    expect(html).toContain('Rows 1–20 of 302')
    expect(html).toContain('aria-label="Pages of rows"')
  })

  it('a list that fits on one page has no pager', () => {
    const html = firstPaint(20, 20)
    expect(html.match(/<li>/g)).toHaveLength(20)
    expect(html).not.toContain('Rows ')
  })

  it('a count not read yet is never 0', () => {
    expect(readCount(null, false)).toBe('(loading…)')
    expect(readCount(null, true)).toBe('(not read)')
    expect(readCount(0, false)).toBe('(0)')
    expect(readCount(302, true)).toBe('(302)')
  })

  it('a batch is told in one word', () => {
    expect(batchStateWord(progress({}))).toBe('sending')
    expect(batchStateWord(progress({ intent: 'paused' }))).toBe('paused')
    expect(batchStateWord(progress({ finished: true, queued: 0, accepted: 3, sent: 3 }))).toBe('finished')
    expect(batchStateWord(progress({ intent: 'cancelled', finished: true, queued: 0, discarded: 3 }))).toBe('cancelled')
    // Its sending process was killed: said so, never "sending" for ever.
    expect(batchStateWord(progress({ senderGone: true }))).toBe('stopped: its sending process ended')
  })
})
