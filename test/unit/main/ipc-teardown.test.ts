import { beforeEach, expect, it, vi } from 'vitest'
import type { electronMock } from './electron-mock'

// registerIpc's teardown: the core is no longer reachable from the page, and its events no longer reach the window.
const electron = vi.hoisted(() => ({ current: null as unknown }))
vi.mock('electron', async () => {
  const { electronMock: make } = await import('./electron-mock')
  electron.current = make()
  return electron.current
})
const mock = () => electron.current as ReturnType<typeof electronMock>

const { registerIpc } = await import('../../../electron/main/ipc')
const { createDesk } = await import('../../../electron/core/desk')

beforeEach(() => vi.spyOn(process.stderr, 'write').mockImplementation(() => true))

it('forwards core events to the window while registered, and nothing after teardown', async () => {
  const desk = await createDesk({ dataDir: '/nonexistent', shell: 'test', version: '1.0.0' })
  const send = vi.fn()
  let window: { send: typeof send } | null = null
  const teardown = registerIpc(desk, () => window as never)
  desk.events.emit('profiles.changed', {})
  expect(send).not.toHaveBeenCalled()
  window = { send }
  desk.events.emit('profiles.changed', {})
  expect(send).toHaveBeenCalledWith('desk:event', 'profiles.changed', {})
  expect(mock().handlers.has('desk:invoke')).toBe(true)

  teardown()
  desk.events.emit('profiles.changed', {})
  expect(send).toHaveBeenCalledTimes(1)
  expect(mock().ipcMain.removeHandler).toHaveBeenCalledWith('desk:invoke')
  expect(mock().handlers.has('desk:invoke')).toBe(false)
  await desk.dispose()
})
