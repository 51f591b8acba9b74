/**
 * Where alarms and notices show: under the open screen's header (components/ScreenHead), so one arriving never moves
 * the page title under the pointer; at the top of the content while no screen with a header is open (shell/App).
 *
 * They are rendered once, into one box that is moved between those places, never re-rendered in a new one: a screen
 * change keeps what they hold (the list shown in full, an acknowledgement half-way, a cancel's outcome), and the box is
 * in exactly one place whichever header mounts or unmounts first (issue 54).
 */
let box: HTMLDivElement | null = null
let home: HTMLElement | null = null
const heads = new Set<HTMLElement>()

/** The one box the shell renders alarms and notices into (shell/UnderHeader). */
export function noticeBox(): HTMLDivElement {
  if (!box) {
    box = document.createElement('div')
    box.className = 'under-header'
  }
  return box
}

const earlier = (a: HTMLElement, b: HTMLElement) =>
  a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1

/** The first header in the page holds the box: a panel's own header further down never takes it from the screen's. */
function place(): void {
  const target = [...heads].filter((h) => h.isConnected).sort(earlier)[0] ?? home
  const el = noticeBox()
  if (target && el.parentNode !== target) target.appendChild(el)
}

/** Ref callback of a screen header's slot: the box shows there while it is in the page. */
export function holdSlot(el: HTMLElement | null): (() => void) | undefined {
  if (!el) return undefined
  heads.add(el)
  place()
  return () => {
    heads.delete(el)
    place()
  }
}

/** Ref callback of the place at the top of the content, used while no screen header is in the page. */
export function holdHome(el: HTMLElement | null): (() => void) | undefined {
  if (!el) return undefined
  home = el
  place()
  return () => {
    if (home === el) home = null
  }
}
