import { describe, expect, it } from 'vitest'
import { failureTitle } from '../../../renderer/src/screens/keys/ConnectionResultView'

describe('the heading of a failed connection test', () => {
  it('tells a body that stalled apart from a server that never answered', () => {
    expect(failureTitle('timeout')).toBe('Connection failed (the answer started but timed out)')
    expect(failureTitle('unreachable')).toBe('Connection failed (unreachable)')
    expect(failureTitle('unknown_key')).toBe('Connection failed (unknown key)')
  })
})
