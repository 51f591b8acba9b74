import { useEffect, useState } from 'react'
import { Time } from '../components/Time'
import { usePacing } from '../stores/pacing'

/** The request budget left this minute and when the provider last answered. */
export function PacingMeter() {
  const { remaining, limit, lastSuccessAt, refresh, follow } = usePacing()
  const [, setNow] = useState(0)
  useEffect(() => {
    void refresh()
    const stop = follow()
    const timer = window.setInterval(() => {
      void refresh()
      setNow(Date.now())
    }, 15000)
    return () => {
      stop()
      window.clearInterval(timer)
    }
  }, [refresh, follow])
  return (
    <span className="muted small topbar-shrink" data-testid="pacing">
      {remaining !== null && limit !== null ? (
        <span title="Requests the app may still send this minute before it paces itself">
          Budget {remaining}/{limit}
        </span>
      ) : (
        <span>Budget unknown</span>
      )}
      {' · '}
      {lastSuccessAt ? (
        <>
          Refreshed at <Time value={lastSuccessAt} clock />
        </>
      ) : (
        'Not refreshed yet'
      )}
    </span>
  )
}
