import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createDesk, type Desk } from '../../../electron/core/desk'
import { CHANNELS } from '../../../shared/ipc/channels'
import { MemorySecretStore } from '../../harness/memory-secret-store'

describe('the IPC router of a whole desk', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'desk-channels-'))
  let desk: Desk | undefined
  afterAll(async () => {
    await desk?.dispose()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('has a handler for every channel of the table, and none besides', async () => {
    desk = await createDesk({ dataDir, shell: 'test', version: '0.0.0', secretStore: new MemorySecretStore() })
    expect(desk.router.registered().sort()).toEqual(Object.keys(CHANNELS).sort())
  })
})
