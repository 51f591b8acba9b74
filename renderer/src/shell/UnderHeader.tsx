import { createPortal } from 'react-dom'
import { holdHome, noticeBox } from '../stores/notice-slot'
import { AlterationAlarm } from './AlterationAlarm'
import { ClipboardAlert } from './ClipboardAlert'
import { Notices } from './Notices'
import { ScreeningAlarm } from './ScreeningAlarm'

/**
 * The alarms first (prominent, in the bad tone, on every screen), then the clipboard alert and the notices: rendered
 * once into the box stores/notice-slot places under the open screen's header, or here at the top of the content while
 * no screen has one, so none of them moves the title when it arrives (issue 54).
 */
export function UnderHeader() {
  return (
    <>
      <div className="notice-home" ref={holdHome} />
      {createPortal(
        <>
          <AlterationAlarm />
          <ScreeningAlarm />
          <ClipboardAlert />
          <Notices />
        </>,
        noticeBox(),
      )}
    </>
  )
}
