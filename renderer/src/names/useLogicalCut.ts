import { useEffect, useLayoutEffect, useState, type RefObject } from 'react'
import { cutToFit, mixesDirections } from './logical-cut'

let canvas: CanvasRenderingContext2D | null = null
/** A pixel or two of rounding between the canvas and the layout must not let the browser's own ellipsis back in. */
const SLACK_PX = 2

/**
 * What a box that cuts its text on one line (overflow hidden) shows of a name mixing directions: the
 * start that fits, then "…". Measured again when the room changes and shown whole while the control holding it has
 * focus (the styles let it wrap then). Any other text is returned as it is, with no measuring.
 */
export function useLogicalCut(ref: RefObject<HTMLElement | null>, text: string): string {
  const mixed = mixesDirections(text)
  const [cut, setCut] = useState<string | null>(null)
  const [tick, setTick] = useState(0)

  useLayoutEffect(() => {
    const el = ref.current
    if (!mixed || !el || cut !== null) return
    const style = getComputedStyle(el)
    // Only a box that cuts its own text (not an inline run inside one) has a room to measure.
    if (style.overflowX === 'visible' || style.display === 'inline' || el.scrollWidth <= el.clientWidth + 1) return
    canvas ??= document.createElement('canvas').getContext('2d')
    if (!canvas) return
    canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
    const ctx = canvas
    setCut(cutToFit(text, el.clientWidth - SLACK_PX, (s) => ctx.measureText(s).width))
  }, [mixed, text, cut, tick, ref])

  useEffect(() => {
    const el = ref.current
    const box = el?.parentElement
    if (!mixed || !el || !box) return
    const again = () => {
      setCut(null)
      setTick((t) => t + 1)
    }
    let width = box.clientWidth
    const observer = new ResizeObserver(() => {
      if (box.clientWidth === width) return
      width = box.clientWidth
      again()
    })
    observer.observe(box)
    const control = el.closest('button, a[href], h1')
    control?.addEventListener('focusin', again)
    control?.addEventListener('focusout', again)
    return () => {
      observer.disconnect()
      control?.removeEventListener('focusin', again)
      control?.removeEventListener('focusout', again)
    }
  }, [mixed, ref])

  return cut ?? text
}
