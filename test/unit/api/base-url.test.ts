import { describe, expect, it } from 'vitest'
import { checkBaseUrl, isLoopbackHost } from '../../../shared/api/base-url'

// One rule for the app's form, the core's profile store and the CLI; the environment never changes it.
describe('the base URL rule every surface applies', () => {
  it('takes plain http on this machine, IPv6 loopback included, and https anywhere', () => {
    expect(checkBaseUrl('http://127.0.0.1:4011/')).toEqual({ url: 'http://127.0.0.1:4011' })
    expect(checkBaseUrl('http://[::1]:4011')).toEqual({ url: 'http://[::1]:4011' })
    expect(checkBaseUrl('http://localhost:4011/api/')).toEqual({ url: 'http://localhost:4011/api' })
    expect(checkBaseUrl('https://api.example.com')).toEqual({ url: 'https://api.example.com' })
  })

  it('refuses plain http anywhere else, even on a name that merely starts like loopback', () => {
    for (const url of [
      'http://api.example.com',
      'http://127.0.0.1.example.com',
      'http://localhost.example.com',
      'http://[::2]:80',
    ]) {
      expect(checkBaseUrl(url)).toEqual({
        problem: expect.stringMatching(/only for a local simulator on 127\.0\.0\.1, ::1 or localhost/),
      })
    }
    expect(isLoopbackHost('::1')).toBe(false)
    expect(isLoopbackHost('[::1]')).toBe(true)
  })
})
