import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Router } from '../../../electron/core/ipc/router'
import { AppSettingsStore } from '../../../electron/core/settings'
import { settingsHandlers } from '../../../electron/core/settings/settings-handlers'

describe('app settings: hide the window from screen capture', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'desk-settings-'))
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  const routerWith = (apply?: (on: boolean) => void) =>
    new Router().register(settingsHandlers({ settings: new AppSettingsStore(dir), applyContentProtection: apply }))

  it('is off until someone opts in', async () => {
    expect(await routerWith().call('settings.get', {})).toEqual({ hideFromScreenCapture: false })
  })

  it('is stored in the app settings and applied to the window when switched', async () => {
    const apply = vi.fn()
    expect(await routerWith(apply).call('settings.setHideFromScreenCapture', { enabled: true })).toEqual({
      hideFromScreenCapture: true,
    })
    expect(apply).toHaveBeenCalledWith(true)
    expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8'))).toEqual({ hideFromScreenCapture: true })
    expect(await routerWith().call('settings.get', {})).toEqual({ hideFromScreenCapture: true })
  })

  it('says a damaged settings file is damaged instead of silently turning the protection off', async () => {
    writeFileSync(join(dir, 'settings.json'), '{"hideFromScreenCapture": "yes"}')
    await expect(routerWith().call('settings.get', {})).rejects.toMatchObject({
      code: 'settings_corrupt',
      message: expect.stringMatching(/damaged/),
    })
  })

  it('refuses a value that is not a boolean as input', async () => {
    await expect(
      routerWith().call('settings.setHideFromScreenCapture', { enabled: 'yes' as never }),
    ).rejects.toMatchObject({ code: 'invalid_input' })
  })
})
