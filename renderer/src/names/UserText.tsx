import { shown } from '@shared/text/visible-text'

/**
 * The one way the app shows someone else's text (a label, a name, a reference, a provider's text): isolated from
 * its neighbours, with direction, control and invisible characters shown as their code (`[U+202E]`).
 */
export function UserText({ children }: { children: string }) {
  const text = shown(children)
  // Whole in the tooltip where a list or a heading cuts it short.
  return <bdi title={text}>{text}</bdi>
}
