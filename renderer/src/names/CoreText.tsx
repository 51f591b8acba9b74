import type { UntrustedText } from '@shared/text/untrusted-text'
import { shown } from '@shared/text/visible-text'
import { Time } from '../components/Time'
import { splitInstants } from '../format/core-times'
import { UserText } from './UserText'

/**
 * A sentence the core wrote (a check's detail, a refusal) that may quote names and hold instants: the text is shown as
 * UserText, and every instant in it through the one time formatter, in the zone the person chose.
 */
export function CoreText({ children }: { children: string | UntrustedText }) {
  const parts = splitInstants(shown(children))
  if (parts.every((p) => 'text' in p)) return <UserText>{children}</UserText>
  return (
    <>
      {parts.map((p, i) => ('text' in p ? <UserText key={i}>{p.text}</UserText> : <Time key={i} value={p.instant} />))}
    </>
  )
}
