/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import type { Page } from '@playwright/test'

/** What a screen does wrong with long content: each entry names the element and the measure. */
export interface LayoutProblems {
  /** Elements of `main` wider inside than outside (they scroll sideways, or spill into one that does). */
  sideways: string[]
  /** Text cut with an ellipsis without a title to tell it whole. */
  cutWithoutTitle: string[]
  /** Monospace ids and addresses squeezed narrower than four characters a line. */
  squeezed: string[]
  /** The environment badge or a button of the top bar or `main` not wholly inside the window (or clipped by a box). */
  offscreen: string[]
  /** The top bar taller than one line of controls. */
  topBarWraps: string[]
}

/** Runs in the page: measures every element of `main` and the top bar. */
function measure(): LayoutProblems {
  const name = (el: Element) => {
    const id = el.getAttribute('data-testid') ?? el.getAttribute('aria-label') ?? ''
    const text = (el.textContent ?? '').trim().slice(0, 40)
    return `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? '.' + el.className.trim().replaceAll(/\s+/g, '.') : ''}${id ? `[${id}]` : ''} "${text}"`
  }
  const out: LayoutProblems = { sideways: [], cutWithoutTitle: [], squeezed: [], offscreen: [], topBarWraps: [] }
  const main = document.querySelector('main')!
  const vw = document.documentElement.clientWidth
  for (const el of [main, ...main.querySelectorAll('*')]) {
    // A text field scrolls its own value; that is how fields work.
    if (!(el instanceof HTMLElement) || el.clientWidth <= 1 || el.matches('input, textarea, select')) continue
    const style = getComputedStyle(el)
    if (el.scrollWidth <= el.clientWidth + 1) continue
    const clipped = style.overflowX === 'hidden' || style.overflowX === 'clip'
    if (clipped && style.textOverflow === 'ellipsis') {
      // The title that tells the whole: on the cut text, the box holding it, or the one name inside it.
      if (!el.closest('[title]') && !el.querySelector('[title]')) out.cutWithoutTitle.push(name(el))
    } else out.sideways.push(`${name(el)}: ${el.scrollWidth} > ${el.clientWidth}`)
  }
  for (const code of main.querySelectorAll('code')) {
    const text = (code.textContent ?? '').trim()
    const rect = code.getBoundingClientRect()
    const charWidth = parseFloat(getComputedStyle(code).fontSize) * 0.55
    if (text.length >= 4 && rect.height > 0 && rect.width < charWidth * 4)
      out.squeezed.push(`${name(code)}: ${Math.round(rect.width)} px wide`)
  }
  const controls = [
    ...document.querySelectorAll('[data-testid="env-badge"], header button, header select, main button, main a[href]'),
  ]
  for (const el of controls) {
    const rect = el.getBoundingClientRect()
    if (rect.width === 0 && rect.height === 0) continue
    let left = 0
    let right = vw
    for (let p = el.parentElement; p; p = p.parentElement) {
      if (getComputedStyle(p).overflowX === 'visible') continue
      const box = p.getBoundingClientRect()
      left = Math.max(left, box.left)
      right = Math.min(right, box.right)
    }
    if (rect.left < left - 1 || rect.right > right + 1)
      out.offscreen.push(
        `${name(el)}: ${Math.round(rect.left)}–${Math.round(rect.right)} outside ${Math.round(left)}–${Math.round(right)}`,
      )
  }
  const bar = document.querySelector('header.topbar')
  if (bar) {
    const h = bar.getBoundingClientRect().height
    if (h > 52) out.topBarWraps.push(`top bar ${Math.round(h)} px tall`)
    if (bar.scrollWidth > bar.clientWidth + 1)
      out.topBarWraps.push(`top bar ${bar.scrollWidth} > ${bar.clientWidth} px wide`)
  }
  return out
}

export async function layoutProblems(page: Page): Promise<LayoutProblems> {
  return page.evaluate(measure)
}

/** The width of a select's chosen text against the room the select gives it: does that text show whole? */
export async function selectShowsWhole(page: Page, selector: string, prefix: string): Promise<boolean> {
  return page.locator(selector).evaluate((el, text) => {
    const select = el as HTMLSelectElement
    const style = getComputedStyle(select)
    const ctx = document.createElement('canvas').getContext('2d')!
    ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
    // The arrow takes about 20 px of the inner width.
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20
    return ctx.measureText(text).width <= room
  }, prefix)
}

/** What the team-week data shows on top: words split across lines, and names cut where they are not at their end. */
export interface TextProblems {
  /** A word of a spaced script (Latin, Arabic, Hebrew…) of 2 to 30 letters drawn on two lines: "Switzerlan/d". */
  brokenWords: string[]
  /**
   * A name cut by the browser's ellipsis where that is not its logical end: right-to-left text cut in a
   * left-to-right box (its start hidden), or text mixing both directions (a visual cut lands in its middle).
   */
  cutMidName: string[]
}

/** Runs in the page over `main` and the top bar. */
function measureText(): TextProblems {
  const out: TextProblems = { brokenWords: [], cutMidName: [] }
  const roots = [document.querySelector('main'), document.querySelector('header.topbar')].filter(
    (r): r is Element => r !== null,
  )
  const word = /[\p{sc=Latin}\p{sc=Greek}\p{sc=Cyrillic}\p{sc=Arabic}\p{sc=Hebrew}\p{M}]+/gu
  const range = document.createRange()
  for (const root of roots) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      const el = node.parentElement
      // Ids break where they say; a screen reader's text is drawn 1 px wide on purpose.
      if (!el || el.closest('code, .mono, .sr-only, input, textarea, select, [hidden]')) continue
      for (const m of node.data.matchAll(word)) {
        if (m[0].length < 2 || m[0].length > 30) continue
        range.setStart(node, m.index)
        range.setEnd(node, m.index + m[0].length)
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.bottom)))
        if (tops.size > 1)
          out.brokenWords.push(
            `"${m[0]}" in ${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${(el.textContent ?? '').trim().slice(0, 40)}"`,
          )
      }
    }
    for (const el of root.querySelectorAll<HTMLElement>('*')) {
      if (el.scrollWidth <= el.clientWidth + 1) continue
      const style = getComputedStyle(el)
      if (style.textOverflow !== 'ellipsis' || (style.overflowX !== 'hidden' && style.overflowX !== 'clip')) continue
      const text = el.textContent ?? ''
      const rtl = /[\p{sc=Arabic}\p{sc=Hebrew}]/u.test(text)
      const ltr = /[\p{sc=Latin}\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Cyrillic}\p{sc=Greek}]/u.test(text)
      const first = /[\p{sc=Arabic}\p{sc=Hebrew}]|\p{L}/u.exec(text)?.[0] ?? ''
      const startsRtl = /[\p{sc=Arabic}\p{sc=Hebrew}]/u.test(first)
      const where = el.parentElement?.closest('[class], [data-testid]')
      const within = where ? ` in ${where.tagName.toLowerCase()}.${[...where.classList].join('.')}` : ''
      if ((rtl && ltr) || (startsRtl && style.direction !== 'rtl'))
        out.cutMidName.push(
          `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}${within} "${text.trim().slice(0, 40)}": ${el.scrollWidth} > ${el.clientWidth}`,
        )
    }
  }
  return out
}

export async function textProblems(page: Page): Promise<TextProblems> {
  return page.evaluate(measureText)
}
