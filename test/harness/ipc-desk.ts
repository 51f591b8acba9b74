import { rm } from 'node:fs/promises'
import type { Desk } from '../../electron/core/desk'
import type { RunningSimulator } from '../../electron/simulator'
import { consoleCall, type Workspace } from './api-fixture'

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
