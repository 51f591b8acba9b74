import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createDesk, type Desk } from '../../electron/core/desk'
import { startSimulator, type RunningSimulator } from '../../electron/simulator'
import { consoleCall, setupWorkspace, type Workspace } from './api-fixture'
import { MemorySecretStore } from './memory-secret-store'

/** Gives a desk's profile a key registered in the simulator's console for the workspace, as an admin would. */
export async function registerProfileKey(
  desk: Desk,
  sandboxUrl: string,
  workspaceId: string,
  profileId: string,
): Promise<string> {
  const pub = await desk.router.call('keys.publicKey', { profileId, which: 'active' })
  const { key_id } = await consoleCall<{ key_id: string }>(sandboxUrl, 'POST', 'keys', {
    workspace_id: workspaceId,
    algorithm: 'ed25519',
    public_key: pub.base64,
  })
  await desk.router.call('keys.setKeyId', { profileId, keyId: key_id, which: 'active' })
  return key_id
}

/** Ends what an IPC test set up: the desk, the workspace's own client, the simulator and the data directory. */
export async function closeDeskRig(rig: {
  desk: Desk
  ws: Workspace
  sim: RunningSimulator
  dir: string
}): Promise<void> {
  await rig.desk.dispose()
  await rig.ws.client.sender.close()
  await rig.sim.close()
  await rm(rig.dir, { recursive: true, force: true })
}

export interface DeskRig {
  sim: RunningSimulator
  ws: Workspace
  dir: string
  desk: Desk
  /** The selected sandbox profile ('Ops'), its key registered in `ws`. */
  profileId: string
}

/**
 * What an IPC test starts from: a simulator with a workspace, a desk on a new data directory (keys in memory) and one
 * profile ('Ops', sandbox unless asked) whose key is registered, selected. `closeDeskRig` ends it.
 */
export async function openDeskRig(
  dirPrefix: string,
  { environment = 'sandbox' }: { environment?: 'sandbox' | 'production' } = {},
): Promise<DeskRig> {
  const sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
  const url = sim[environment].url
  const ws = await setupWorkspace(url)
  const dir = await mkdtemp(join(tmpdir(), dirPrefix))
  const desk = await createDesk({ dataDir: dir, shell: 'test', version: '0.0.0', secretStore: new MemorySecretStore() })
  const { id: profileId } = await desk.router.call('profiles.create', {
    name: 'Ops',
    environment,
    baseUrl: url,
    algorithm: 'ed25519',
  })
  await registerProfileKey(desk, url, ws.workspaceId, profileId)
  await desk.router.call('profiles.select', { profileId })
  return { sim, ws, dir, desk, profileId }
}
