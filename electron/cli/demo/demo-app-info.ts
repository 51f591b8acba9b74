import type { Dispatch } from './bridge-connection'

/** Adds what only the demo knows to `app.info`: whether keys live in memory (the top bar says so). */
export function withDemoAppInfo(dispatch: Dispatch, keysInMemory: boolean): Dispatch {
  return async (channel, input) => {
    const result = await dispatch(channel, input)
    if (channel !== 'app.info' || !result.ok) return result
    return { ok: true, data: { ...(result.data as object), keysInMemory } }
  }
}
