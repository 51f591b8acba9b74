import { createElement, lazy } from 'react'

export type Screen = () => React.JSX.Element

export interface LazyScreen {
  Screen: Screen
  /** Fetches the chunk (once); the screen renders at once after it has arrived. */
  preload(): Promise<Screen>
}

/**
 * A screen in a chunk of its own. React.lazy alone suspends on its first render even when the chunk has long arrived
 * (its loader's promise is new, so still pending), and React then holds the section's content back until its fallback
 * has shown for 300 ms: every first open of a screen cost 300 ms. Once the chunk is here, the screen is rendered
 * directly; only a chunk still on its way suspends.
 */
export function lazyScreen(load: () => Promise<{ default: Screen }>): LazyScreen {
  let ready: Screen | null = null
  let loading: Promise<Screen> | null = null
  const preload = () =>
    (loading ??= load().then(
      (m) => (ready = m.default),
      (err: unknown) => {
        // A failed fetch may be tried again by the next preload.
        loading = null
        throw err
      },
    ))
  const Pending = lazy(() => preload().then((screen) => ({ default: screen })))
  return { Screen: () => createElement(ready ?? Pending), preload }
}
