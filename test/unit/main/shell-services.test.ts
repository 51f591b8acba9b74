import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

// What the desktop shell lends the core (electron/main/shell-services.ts), with `electron` mocked and a real simulator.
const electron = vi.hoisted(() => {
  const shown = vi.fn()
  const Notification = Object.assign(
    vi.fn(function () {
      return { show: shown }
    }),
    { isSupported: vi.fn(() => true) },
  )
  return { shown, dialog: { showSaveDialog: vi.fn() }, Notification }
})
vi.mock('electron', async () => {
  const { electronMock } = await import('./electron-mock')
  return { ...electronMock(), dialog: electron.dialog, Notification: electron.Notification }
})

const { shellServices } = await import('../../../electron/main/shell-services')

let userData: string
beforeEach(async () => {
  vi.clearAllMocks()
  userData = await mkdtemp(join(tmpdir(), 'shell-services-'))
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
})
afterEach(async () => {
  vi.restoreAllMocks()
  await rm(userData, { recursive: true, force: true })
})

const stderrText = () =>
  vi
    .mocked(process.stderr.write)
    .mock.calls.map((c) => String(c[0]))
    .join('')

describe('the embedded simulator', () => {
  it('starts once on first use, keeps its state in the app data folder, and stops with the app', async () => {
    const services = shellServices(userData, () => null)
    const first = await services.embeddedSimulator!()
    const again = await services.embeddedSimulator!()
    expect(again).toEqual(first)
    expect(first.sandboxUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(first.consoleUrl).toBe(`${first.sandboxUrl}/_console/`)
    expect((await fetch(first.consoleUrl)).status).toBe(200)
    expect(existsSync(join(userData, 'simulator-state.json'))).toBe(true)
    await services.dispose()
    await expect(fetch(first.consoleUrl)).rejects.toThrow()
  })

  it('one that cannot start says why, and the app still quits cleanly', async () => {
    await writeFile(join(userData, 'simulator-state.json'), '{"sandbox": null}')
    const services = shellServices(userData, () => null)
    await expect(services.embeddedSimulator!()).rejects.toThrow(/is not a simulator state file/)
    await expect(services.dispose()).resolves.toBeUndefined()
    expect(stderrText()).toMatch(/error embedded simulator failed Error: .*is not a simulator state file/)
  })

  it('quitting before it was ever used starts nothing', async () => {
    await expect(shellServices(userData, () => null).dispose()).resolves.toBeUndefined()
    expect(existsSync(join(userData, 'simulator-state.json'))).toBe(false)
  })
})

describe('save dialog for exports', () => {
  const csvOnly = { defaultPath: 'payouts.csv', filters: [{ name: 'CSV', extensions: ['csv'] }] }

  it('asks over the window for a CSV path and answers the chosen one', async () => {
    const win = { id: 1 }
    electron.dialog.showSaveDialog.mockResolvedValue({ canceled: false, filePath: '/home/u/payouts.csv' })
    await expect(shellServices(userData, () => win as never).chooseSavePath!('payouts.csv')).resolves.toBe(
      '/home/u/payouts.csv',
    )
    expect(electron.dialog.showSaveDialog).toHaveBeenCalledWith(win, csvOnly)
  })

  it('asks on its own when there is no window, and answers null when cancelled or left empty', async () => {
    const services = shellServices(userData, () => null)
    electron.dialog.showSaveDialog.mockResolvedValueOnce({ canceled: true, filePath: '/ignored.csv' })
    await expect(services.chooseSavePath!('payouts.csv')).resolves.toBeNull()
    expect(electron.dialog.showSaveDialog).toHaveBeenCalledWith(csvOnly)
    electron.dialog.showSaveDialog.mockResolvedValueOnce({ canceled: false, filePath: '' })
    await expect(services.chooseSavePath!('payouts.csv')).resolves.toBeNull()
  })
})

describe('notifications and links', () => {
  it('shows a desktop notification where the system has them, and stays quiet where it has none', () => {
    const services = shellServices(userData, () => null)
    services.notify!('Payout completed', '10 USDC to 0xabc')
    expect(electron.Notification).toHaveBeenCalledWith({ title: 'Payout completed', body: '10 USDC to 0xabc' })
    expect(electron.shown).toHaveBeenCalledTimes(1)
    electron.Notification.isSupported.mockReturnValueOnce(false)
    services.notify!('Payout failed', 'x')
    expect(electron.Notification).toHaveBeenCalledTimes(1)
  })

  it('opens links only through the guard', async () => {
    await expect(shellServices(userData, () => null).openExternal!('javascript:alert(1)')).rejects.toThrow(
      /cannot be opened/,
    )
  })
})
