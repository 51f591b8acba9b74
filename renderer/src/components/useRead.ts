import { useCallback, useEffect, useRef, useState } from 'react'
import { asDeskError, type DeskCallError } from '../desk'

export interface Read<T> {
  data: T | undefined
  error: DeskCallError | null
  loading: boolean
  retry(): void
}

/** Runs a read when its deps change; on failure it drops the data so a screen never shows a partial answer. */
export function useRead<T>(load: () => Promise<T>, deps: readonly unknown[]): Read<T> {
  const [state, setState] = useState<{ data: T | undefined; error: DeskCallError | null; loading: boolean }>({
    data: undefined,
    error: null,
    loading: true,
  })
  const [tick, setTick] = useState(0)
  const loadRef = useRef(load)
  useEffect(() => {
    loadRef.current = load
  })

  useEffect(() => {
    let live = true
    setState((s) => ({ ...s, loading: true }))
    loadRef.current().then(
      (data) => live && setState({ data, error: null, loading: false }),
      (err: unknown) => live && setState({ data: undefined, error: asDeskError(err), loading: false }),
    )
    return () => {
      live = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, tick])

  const retry = useCallback(() => setTick((t) => t + 1), [])
  return { ...state, retry }
}
