import { useRef } from 'react'
import { shown } from '@shared/text/visible-text'
import type { UntrustedText } from '@shared/text/untrusted-text'
import { useLogicalCut } from './useLogicalCut'

/**
 * The one way the app shows someone else's text (a label, a name, a reference, a provider's text): isolated from
 * its neighbours, with direction, control and invisible characters shown as their code (`[U+202E]`). Where a list
 * cuts it to one line, a name mixing directions is cut at its logical end, not where the line ends on screen.
 */
export function UserText({ children }: { children: string | UntrustedText }) {
  const text = shown(children)
  const ref = useRef<HTMLElement>(null)
  const visible = useLogicalCut(ref, text)
  // Whole in the tooltip where a list or a heading cuts it short; a name cut by characters is read whole too.
  return (
    <bdi ref={ref} title={text}>
      {visible === text ? (
        text
      ) : (
        <>
          <span aria-hidden="true">{visible}</span>
          <span className="sr-only">{text}</span>
        </>
      )}
    </bdi>
  )
}
