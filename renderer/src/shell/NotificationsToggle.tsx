import { useState } from 'react'

/**
 * Offers system notifications where the page may ask for them (the browser demo). In the app the shell notifies
 * from the main process, and the page's own permission requests are denied, so nothing is offered there.
 */
export function NotificationsToggle() {
  const [permission, setPermission] = useState(() =>
    typeof Notification === 'undefined' ? 'denied' : Notification.permission,
  )
  if (permission !== 'default') return null
  return (
    <button
      type="button"
      onClick={() => void Notification.requestPermission().then(setPermission)}
      data-testid="notifications-toggle"
    >
      Enable notifications
    </button>
  )
}
