import { expect, test, type Page } from '@playwright/test'
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { confirmNewDestination } from '../harness/e2e-first-payout'
import { destinationPicker } from '../harness/destination-picker'

/**
 * The browser demo as a user runs it: `payout-desk demo` as a child process, its printed link opened in
 * Chromium, the page reaching the core only through the demo's WebSocket bridge.
 */
const ROOT = join(import.meta.dirname, '..', '..')
const SCREENS = join(ROOT, 'test-results', 'screens')

let child: ChildProcess
let url: string
let origin: string
let stderr = ''

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(180_000)
  // No session bus: the keychain cannot answer, so the demo takes its in-memory path and must say so.
  const env = { ...process.env }
  delete env.DBUS_SESSION_BUS_ADDRESS
  child = spawn(process.execPath, [join(ROOT, 'bin', 'payout-desk.js'), 'demo', '--no-open', '--port', '0'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()))
  url = await new Promise<string>((resolve, reject) => {
    let out = ''
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString()
      const match = /^demo ready (\S+)$/m.exec(out)
      if (match) resolve(match[1]!)
    })
    child.once('exit', (code) => reject(new Error(`the demo exited (${code}) before it was ready:\n${stderr}`)))
  })
  origin = new URL(url).origin
})

test.afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM')
    await new Promise((resolve) => child.once('exit', resolve))
  }
})

async function snap(page: Page, name: string): Promise<void> {
  await mkdir(SCREENS, { recursive: true })
  await page.screenshot({ path: join(SCREENS, `${name}.png`) })
}

test('the printed link opens the app; quick start, then a payout pending approval', async ({ page }) => {
  await page.goto(url)
  await expect(page.getByRole('heading', { name: 'Welcome to Payout Desk' })).toBeVisible()
  await expect(page.getByTestId('keys-in-memory')).toHaveText('demo: keys live in memory and vanish at exit')

  await page.getByRole('button', { name: 'Try it with the local simulator' }).click()
  await expect(page.getByRole('heading', { name: 'Wallets', level: 1 })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId('env-badge')).toHaveText('SANDBOX')
  await expect(page.getByRole('table', { name: 'Wallets' })).toContainText('Treasury')
  await snap(page, 'demo-wallets')

  await page.getByRole('button', { name: /^Payouts/ }).click()
  // The demo's oldest payout has waited past the reminder: its notice comes in above the screen once Payouts has read
  // the list. Seen first, it cannot move the review's button from under a click (on a busy machine it did).
  await expect(page.getByRole('status').filter({ hasText: /has waited .* for approval/ })).toBeVisible({
    timeout: 30_000,
  })
  await page.getByRole('button', { name: 'New payout' }).click()
  await page.getByLabel('From wallet').selectOption({ label: 'Treasury' })
  await page.getByLabel('Asset').selectOption('ETH')
  await page.getByLabel(/^Amount/).fill('0.25')
  await destinationPicker(page.getByRole('form', { name: 'New payout' })).click()
  await page.getByRole('listbox').getByRole('option').first().click()
  await page.getByRole('button', { name: 'Review' }).click()
  await expect(page.getByTestId('payout-review')).toContainText('0.25')
  await confirmNewDestination(page.getByRole('region', { name: 'Review payout' }))
  await page.getByRole('button', { name: 'Request payout' }).click()

  await expect(page.getByTestId('payout-outcome')).toContainText('Requested — waiting for approval in the console.', {
    timeout: 30_000,
  })
  await page.getByRole('button', { name: 'Open history' }).click()
  const mine = page
    .getByRole('table', { name: 'Payouts' })
    .getByRole('row')
    .filter({ hasText: /0\.25\s*ETH/ })
  await expect(mine).toHaveCount(1)
  await expect(mine).toContainText('pending approval')
  await snap(page, 'demo-payout-pending')
})

test('the demo refuses pages and bridges without its token, and a page of another origin', async ({ page }) => {
  const port = new URL(url).port
  const token = new URL(url).searchParams.get('token')!

  const bare = await page.goto(`${origin}/`)
  expect(bare?.status()).toBe(403)
  await expect(page.locator('body')).toContainText('only answers the link it printed')
  expect((await page.goto(`${origin}/?token=wrong`))?.status()).toBe(403)
  await snap(page, 'demo-refused-without-token')

  // From the demo's own origin (the cookie is set), a bridge without the token, or with a wrong one, never opens.
  await page.goto(url)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const opens = (query: string) =>
    page.evaluate(
      (address) =>
        new Promise<boolean>((resolve) => {
          const ws = new WebSocket(address)
          ws.onopen = () => resolve(true)
          ws.onerror = () => resolve(false)
        }),
      `ws://127.0.0.1:${port}/desk-bridge${query}`,
    )
  expect(await opens('')).toBe(false)
  expect(await opens('?token=wrong')).toBe(false)
  expect(await opens(`?token=${token}`)).toBe(true)

  // A page of another origin that knows the token still cannot open the bridge.
  const other: Server = createServer((_req, res) => res.end('<!doctype html><title>other</title>'))
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve))
  try {
    await page.goto(`http://127.0.0.1:${(other.address() as AddressInfo).port}/`)
    expect(await opens(`?token=${token}`)).toBe(false)
  } finally {
    other.close()
  }
  expect(stderr).toContain('refused a bridge connection')
  expect(stderr).toMatch(/origin http:\/\/127\.0\.0\.1:\d+/)
})

test('the demo listens on loopback only', async () => {
  // Read the kernel's table of listening sockets instead of probing other addresses (tests talk to loopback only).
  const port = Number(new URL(url).port)
  const listening = readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => cols[3] === '0A' && parseInt(cols[1]!.split(':')[1]!, 16) === port)
    .map((cols) => cols[1]!.split(':')[0])
  expect(listening).toEqual(['0100007F'])
  expect((await fetch(url)).status).toBe(200)
})

test('stopping the demo removes its data directory', async () => {
  child.kill('SIGTERM')
  await new Promise((resolve) => child.once('exit', resolve))
  const dir = /stopping and removing (\S+)/.exec(stderr)?.[1]
  expect(dir).toBeTruthy()
  expect(existsSync(dir!)).toBe(false)
  expect(child.exitCode).toBe(0)
})
