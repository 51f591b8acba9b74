import { describe, expect, it } from 'vitest'
import { resolveAppFile } from '../../../electron/core/shell/app-files'
import { CONTENT_SECURITY_POLICY, isAppUrl } from '../../../electron/core/shell/app-origin'
import { isAllowedExternalUrl } from '../../../electron/core/shell/external-urls'

// The desktop shell's rules, under plain Node: electron/main only wires them to Electron.
describe('the app page', () => {
  it('CSP has no unsafe-eval and no remote origin', () => {
    expect(CONTENT_SECURITY_POLICY).toContain("default-src 'self'")
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|unsafe-inline|https?:/)
  })

  it('is app://desk and nothing that merely looks like it', () => {
    expect(isAppUrl('app://desk/index.html')).toBe(true)
    expect(isAppUrl('app://desk.evil/index.html')).toBe(false)
    expect(isAppUrl('https://desk/')).toBe(false)
    expect(isAppUrl('not a url')).toBe(false)
  })

  it('serves files inside the renderer folder only', () => {
    expect(resolveAppFile('/app/renderer', 'app://desk/index.html')).toBe('/app/renderer/index.html')
    expect(resolveAppFile('/app/renderer', 'app://desk/')).toBe('/app/renderer/index.html')
    expect(resolveAppFile('/app/renderer', 'app://desk/assets/a.js')).toBe('/app/renderer/assets/a.js')
    expect(resolveAppFile('/app/renderer', 'app://desk/..%2F..%2Fetc/passwd')).toBeNull()
    expect(resolveAppFile('/app/renderer', 'app://other/index.html')).toBeNull()
  })
})

describe('external links', () => {
  it.each([
    ['https://console.example.com/keys', true],
    ['http://127.0.0.1:4010/_console/', true],
    ['http://localhost:4010/_console/keys', true],
    ['http://[::1]:4010/_console/', true],
    ['http://127.0.0.1:4010/api/v1/wallets', false],
    ['http://example.com/_console/', false],
    ['file:///etc/passwd', false],
    ['javascript:alert(1)', false],
    ['https://user:pw@example.com/', false],
    ['not a url', false],
  ])('%s allowed: %s', (url, allowed) => {
    expect(isAllowedExternalUrl(url)).toBe(allowed)
  })
})
