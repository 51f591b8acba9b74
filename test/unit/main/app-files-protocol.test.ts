import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeSession, type electronMock } from './electron-mock'

// The app:// protocol serving the packaged renderer (electron/main/app-protocol.ts); `net.fetch` reads the file it is
// given.
const electron = vi.hoisted(() => ({ current: null as unknown }))
vi.mock('electron', async () => {
  const { electronMock: make } = await import('./electron-mock')
  electron.current = make()
  return electron.current
})
const mock = () => electron.current as ReturnType<typeof electronMock>

const { serveAppFiles, registerAppScheme } = await import('../../../electron/main/app-protocol')
const { CONTENT_SECURITY_POLICY } = await import('../../../electron/core/shell/app-origin')

let root: string
let rendererDir: string
let serve: (request: { url: string }) => Promise<Response>

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'app-protocol-'))
  rendererDir = join(root, 'renderer')
  await mkdir(join(rendererDir, 'assets'), { recursive: true })
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Payout Desk</title>')
  await writeFile(join(rendererDir, 'assets', 'app.js'), 'console.log(1)')
  await writeFile(join(root, 'secret.txt'), 'outside the renderer')
})
afterAll(() => rm(root, { recursive: true, force: true }))

beforeEach(() => {
  vi.clearAllMocks()
  mock().net.fetch.mockImplementation(async (url: string) => {
    const body = await readFile(fileURLToPath(url))
    return new Response(body, {
      status: 200,
      headers: { 'Content-Type': url.endsWith('.js') ? 'text/javascript' : 'text/html' },
    })
  })
  const session = fakeSession()
  serveAppFiles(rendererDir, session as never)
  serve = session.protocol.handle.mock.calls[0]![1] as typeof serve
})

describe('app:// serves the renderer', () => {
  it('registers a standard, secure scheme before the app is ready', () => {
    registerAppScheme()
    expect(mock().protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
    ])
  })

  it.each([
    ['app://desk/', '<!doctype html><title>Payout Desk</title>', 'text/html'],
    ['app://desk/index.html', '<!doctype html><title>Payout Desk</title>', 'text/html'],
    ['app://desk/assets/app.js', 'console.log(1)', 'text/javascript'],
  ])('%s: the file, with the CSP and nosniff headers', async (url, body, type) => {
    const response = await serve({ url })
    expect(response.status).toBe(200)
    expect(await response.text()).toBe(body)
    expect(response.headers.get('Content-Type')).toBe(type)
    expect(response.headers.get('Content-Security-Policy')).toBe(CONTENT_SECURITY_POLICY)
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
  })

  it.each(['app://desk/assets/..%2f..%2fsecret.txt', 'app://desk/..%2fsecret.txt', 'app://elsewhere/index.html'])(
    '%s: 404, nothing outside the renderer folder or host is read',
    async (url) => {
      const response = await serve({ url })
      expect(response.status).toBe(404)
      expect(await response.text()).toBe('Not found')
      expect(mock().net.fetch).not.toHaveBeenCalled()
    },
  )
})
