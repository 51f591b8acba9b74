import { request } from 'undici'
import { DeskError } from '../errors'

/** The embedded simulator's demo workspace (docs/simulator.md). */
export const DEMO_WORKSPACE_ID = 'ws-demo'

/** Registers an Ed25519 public key through the local simulator's console and returns its Key ID. */
export async function registerSimulatorKey(
  sandboxUrl: string,
  publicKeyBase64: string,
  workspaceId = DEMO_WORKSPACE_ID,
): Promise<string> {
  let status: number
  let json: unknown
  try {
    const res = await request(`${sandboxUrl}/_console/keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ workspace_id: workspaceId, algorithm: 'ed25519', public_key: publicKeyBase64 }),
      headersTimeout: 10_000,
      bodyTimeout: 10_000,
    })
    status = res.statusCode
    json = await res.body.json().catch(() => null)
  } catch (err) {
    throw new DeskError('network_error', `The local simulator's console did not answer: ${(err as Error).message}`)
  }
  const keyId = (json as { data?: { key_id?: unknown } } | null)?.data?.key_id
  if (status !== 200 && status !== 201) {
    const message = (json as { error?: { message?: unknown } } | null)?.error?.message
    throw new DeskError(
      'invalid_response',
      `The local simulator refused the key (${status}${typeof message === 'string' ? `: ${message}` : ''}).`,
    )
  }
  if (typeof keyId !== 'string')
    throw new DeskError('invalid_response', 'The local simulator answered without a Key ID.')
  return keyId
}

export function simulatorConsoleUrl(sandboxUrl: string): string {
  return `${sandboxUrl}/_console/`
}
