import { createElement, Suspense } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { lazyScreen } from '../../../renderer/src/shell/lazy-screen'

const Ledger = () => createElement('h1', null, 'Transactions')

/** The section as App renders it: the screen inside its own Suspense boundary. */
const section = (Screen: () => React.JSX.Element) =>
  renderToString(
    createElement(Suspense, { fallback: createElement('p', null, 'Loading the screen') }, createElement(Screen)),
  )

describe('lazyScreen', () => {
  it('renders a screen whose chunk has arrived at once, without suspending', async () => {
    const { Screen, preload } = lazyScreen(async () => ({ default: Ledger }))
    await preload()
    expect(section(Screen)).toContain('Transactions')
  })

  it('shows the fallback while the chunk is still on its way, and fetches it once', async () => {
    let loads = 0
    let arrive: () => void = () => undefined
    const { Screen, preload } = lazyScreen(() => {
      loads++
      return new Promise((ok) => (arrive = () => ok({ default: Ledger })))
    })
    const first = preload()
    expect(section(Screen)).toContain('Loading the screen')
    arrive()
    await first
    expect(section(Screen)).toContain('Transactions')
    expect(loads).toBe(1)
  })

  it('fetches again after a chunk failed to arrive', async () => {
    let loads = 0
    const { preload } = lazyScreen(async () => {
      if (++loads === 1) throw new Error('offline')
      return { default: Ledger }
    })
    await expect(preload()).rejects.toThrow('offline')
    await expect(preload()).resolves.toBe(Ledger)
  })
})
