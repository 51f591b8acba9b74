import { describe, expect, it } from 'vitest'
import { splitInstants, withInstants } from '../../../renderer/src/format/core-times'

describe("the instants in the core's sentences go through the one time formatter", () => {
  it('cuts a sentence into its text and the instants in it', () => {
    expect(
      splitInstants('new address for Acme, not yet confirmed, and waiting until 2026-11-30T05:13:46.978Z'),
    ).toEqual([
      { text: 'new address for Acme, not yet confirmed, and waiting until ' },
      { instant: '2026-11-30T05:13:46.978Z' },
    ])
    expect(splitInstants('from 2026-01-01T00:00:00Z to 2026-01-02T00:00:00+02:00.')).toEqual([
      { text: 'from ' },
      { instant: '2026-01-01T00:00:00Z' },
      { text: ' to ' },
      { instant: '2026-01-02T00:00:00+02:00' },
      { text: '.' },
    ])
    expect(splitInstants('no time here, nor 2026-11-30 alone')).toEqual([
      { text: 'no time here, nor 2026-11-30 alone' },
    ])
  })

  it('writes them in the zone the person chose, never as the raw ISO text', () => {
    const utc = withInstants('waiting until 2026-11-30T05:13:46.978Z.', 'utc')
    expect(utc).not.toMatch(/\d{4}-\d{2}-\d{2}T/)
    expect(utc).toMatch(/^waiting until .*2026.*5:13:46.*UTC\.$/)
  })
})
