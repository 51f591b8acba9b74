import { describe, expect, it } from 'vitest'
import { normalizeBaseUrl, validateKeyId, validateProfileName } from '../../../electron/core/profiles'

describe('base URL', () => {
  it('accepts https anywhere and http only on loopback, in either environment (the simulator has a production listener)', () => {
    expect(normalizeBaseUrl('https://api.example.com/')).toBe('https://api.example.com')
    expect(normalizeBaseUrl('https://api.example.com/prefix/')).toBe('https://api.example.com/prefix')
    expect(normalizeBaseUrl('http://localhost:4010')).toBe('http://localhost:4010')
    expect(normalizeBaseUrl('http://127.0.0.1:4011')).toBe('http://127.0.0.1:4011')
  })

  it.each([
    ['not a url', 'sandbox', /not a valid URL/],
    ['ftp://example.com', 'sandbox', /https/],
    ['http://api.example.com', 'production', /only for a local simulator/],
    ['http://api.example.com', 'sandbox', /only for a local simulator/],
    ['https://user:pw@api.example.com', 'production', /user name or password/],
    ['https://api.example.com/?a=1', 'production', /query/],
    ['https://api.example.com/#x', 'production', /query/],
  ] as const)('refuses %s for %s', (url, env, message) => {
    expect(() => normalizeBaseUrl(url), env).toThrow(message)
  })
})

describe('Key ID and name', () => {
  it('trims and bounds the Key ID', () => {
    expect(validateKeyId('  key_abc  ')).toBe('key_abc')
    expect(validateKeyId('k'.repeat(128))).toHaveLength(128)
    expect(() => validateKeyId('k'.repeat(129))).toThrow(/128/)
    expect(() => validateKeyId('   ')).toThrow(/empty/)
    expect(() => validateKeyId('key id')).toThrow(/printable/)
  })

  it('requires a unique non-empty name', () => {
    expect(validateProfileName(' A ', [])).toBe('A')
    expect(() => validateProfileName('', [])).toThrow()
    expect(() => validateProfileName('a', [{ id: '1', name: 'A' }])).toThrow(/already exists/)
    expect(validateProfileName('a', [{ id: '1', name: 'A' }], '1')).toBe('a')
  })
})
