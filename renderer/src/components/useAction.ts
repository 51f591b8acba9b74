import { useCallback, useRef, useState } from 'react'
import { asDeskError, type DeskCallError } from '../desk'

export interface Action {
  busy: boolean
  /** The name the run under way was given, for the one button of several that says what it does ("Testing…"). */
  running: string | null
  error: DeskCallError | null
  /** Runs `work` unless a run is under way; resolves with its result, or undefined when it failed or was refused. */
  run<T>(work: () => Promise<T>, name?: string): Promise<T | undefined>
  setError(error: DeskCallError | null): void
}

/**
 * Busy and error state of a form or button that writes. The guard is a ref, not state: a double click lands before
 * React re-renders the disabled button, and must not send twice. With `once`, a run that succeeded keeps the guard
 * shut (a payout request: the screen moves on, and a late click must not start a second payout).
 */
export function useAction({ once = false }: { once?: boolean } = {}): Action {
  const guard = useRef(false)
  const [busy, setBusy] = useState(false)
  const [running, setRunning] = useState<string | null>(null)
  const [error, setError] = useState<DeskCallError | null>(null)
  const run = useCallback(
    async <T>(work: () => Promise<T>, name?: string): Promise<T | undefined> => {
      if (guard.current) return undefined
      guard.current = true
      setBusy(true)
      setRunning(name ?? null)
      setError(null)
      try {
        const result = await work()
        guard.current = once
        return result
      } catch (err) {
        guard.current = false
        setError(asDeskError(err))
        return undefined
      } finally {
        setBusy(false)
        setRunning(null)
      }
    },
    [once],
  )
  return { busy, running, error, run, setError }
}
