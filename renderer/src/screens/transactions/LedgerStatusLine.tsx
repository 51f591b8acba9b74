import { useEffect, useState } from 'react'
import { completenessLine } from '../../../../shared/api/ledger-completeness'
import type { ChannelOutput } from '../../../../shared/ipc/channels'
import { call, on } from '../../desk'

type Summary = ChannelOutput<'history.summary'>

const localTime = (iso: string) => new Date(iso).toLocaleString([], { dateStyle: 'short', timeStyle: 'short' })

/** The ledger's completeness line with the sync's controls; it follows the sync through its progress events. */
export function LedgerStatusLine() {
  const [summary, setSummary] = useState<Summary | null>(null)
  useEffect(() => {
    let live = true
    const refresh = () =>
      void call('history.summary', {}).then(
        (s) => live && setSummary(s),
        () => undefined,
      )
    refresh()
    const off = on('history.progress', refresh)
    return () => {
      live = false
      off()
    }
  }, [])
  if (!summary) return null
  const { sync } = summary
  return (
    <p className="muted small" role="status" data-testid="ledger-status">
      {completenessLine(summary.ledger, sync, localTime)}{' '}
      {sync.state === 'running' ? (
        <button type="button" onClick={() => void call('history.pause', {})}>
          Pause sync
        </button>
      ) : sync.state === 'paused' ? (
        <button type="button" onClick={() => void call('history.resume', {})}>
          Resume sync
        </button>
      ) : (
        <button type="button" onClick={() => void call('history.sync', {})}>
          Sync now
        </button>
      )}
    </p>
  )
}
