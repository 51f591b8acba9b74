import { useEffect, type ReactNode } from 'react'
import { ErrorBox } from '../components/ErrorBox'
import { Loading } from '../components/Loading'
import { useQueryClient } from '@tanstack/react-query'
import { forgetWhileLocked, lockActs, useLockStatus } from '../data/lock'
import { useNotices } from '../stores/notices'
import { PassphraseAgain } from './PassphraseAgain'
import { SecondPersonDialog } from './SecondPersonDialog'
import { IS_MAC } from './shortcuts'
import { UnlockScreen } from './UnlockScreen'

/** The page's input tells the core the person is here at most this often. */
const INPUT_EVERY_MS = 20_000
const INPUT_EVENTS = ['keydown', 'pointerdown', 'wheel'] as const

/** While the desk is unlocked: the person's input keeps it so, and Ctrl+L (⌘L) locks it. */
function usePresence(active: boolean): void {
  useEffect(() => {
    if (!active) return
    let last = 0
    const onInput = () => {
      if (Date.now() - last < INPUT_EVERY_MS) return
      last = Date.now()
      void lockActs.input().catch(() => undefined)
    }
    const onKey = (e: KeyboardEvent) => {
      if (!(IS_MAC ? e.metaKey : e.ctrlKey) || e.altKey || e.shiftKey || e.key.toLowerCase() !== 'l') return
      e.preventDefault()
      void lockActs.lock()
    }
    // Caught on the way down: a field that keeps its keys to itself does not keep the lock from the person.
    for (const name of INPUT_EVENTS) window.addEventListener(name, onInput, { passive: true, capture: true })
    window.addEventListener('keydown', onKey, true)
    return () => {
      for (const name of INPUT_EVENTS) window.removeEventListener(name, onInput, true)
      window.removeEventListener('keydown', onKey, true)
    }
  }, [active])
}

/**
 * The app behind the lock: while the desk is locked nothing of it is mounted (no screen, no notice, no name), only
 * the unlock screen.
 */
export function LockGate({ children }: { children: ReactNode }) {
  const client = useQueryClient()
  const status = useLockStatus()
  const locked = status.data?.locked === true
  usePresence(status.data?.enabled === true && !locked)
  useEffect(() => {
    if (!locked) return
    useNotices.setState({ items: [] })
    forgetWhileLocked(client)
  }, [locked, client])
  if (!status.data)
    return status.error ? (
      <main className="content" id="main">
        <ErrorBox error={status.error} title="The desk could not be read" onRetry={() => void status.refetch()} />
      </main>
    ) : (
      <Loading what="the desk" />
    )
  if (status.data.locked) return <UnlockScreen status={status.data} />
  return (
    <>
      {children}
      <PassphraseAgain />
      <SecondPersonDialog />
    </>
  )
}
