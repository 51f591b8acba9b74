import { useNav } from '../stores/nav'
import { useNotices, type Notice } from '../stores/notices'

/**
 * Tells the user something happened: always in the app's notice list, and as a system notification (the browser
 * Notification API in the demo) when the user allowed them. Clicking the notification opens the detail.
 */
export function notify(notice: Notice): void {
  useNotices.getState().push(notice)
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return
  const shown = new Notification('Payout Desk', { body: notice.text, tag: notice.id })
  shown.onclick = () => {
    window.focus()
    useNotices.getState().dismiss(notice.id)
    useNav.getState().go(notice.section, notice.detailId, notice.view)
  }
}
