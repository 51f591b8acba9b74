import type { IpcResult } from '../../../shared/ipc/ipc-error'
import type { Dispatch } from './bridge-connection'

export interface SimulatorOnlyOptions {
  /** Base URLs of the demo's own embedded simulator (sandbox and production). */
  allowedBaseUrls: string[]
  /** The stored base URL of a profile, or null when there is no such profile. */
  profileBaseUrl(profileId: string): Promise<string | null>
}

/**
 * The browser demo reaches nothing but its own simulator: any call that names a base URL or a profile
 * pointing elsewhere is refused before the core sees it.
 */
export function simulatorOnly(dispatch: Dispatch, options: SimulatorOnlyOptions): Dispatch {
  const allowed = new Set(options.allowedBaseUrls.map(originOf))
  const refusal = (url: string): IpcResult<unknown> => ({
    ok: false,
    error: {
      code: 'demo_simulator_only',
      message:
        `The browser demo only talks to its own local simulator (${options.allowedBaseUrls.join(' or ')}), ` +
        `so it refuses ${url}. Use the desktop app (npm start with Electron) or the payout-desk CLI for any ` +
        `other server.`,
    },
  })

  return async (channel, input) => {
    const fields = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {}
    if (typeof fields.baseUrl === 'string' && !allowed.has(originOf(fields.baseUrl))) return refusal(fields.baseUrl)
    if (typeof fields.profileId === 'string') {
      const baseUrl = await options.profileBaseUrl(fields.profileId)
      if (baseUrl !== null && !allowed.has(originOf(baseUrl))) return refusal(baseUrl)
    }
    return dispatch(channel, input)
  }
}

/** The origin of a URL, or a value no origin can equal when it does not parse. */
function originOf(url: string): string {
  try {
    return new URL(url).origin
  } catch {
    return `invalid:${url}`
  }
}
