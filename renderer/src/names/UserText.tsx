import { visibleControls } from './safe-text'

/** Text someone typed (a label, a name): isolated from its neighbours, with direction controls made visible. */
export function UserText({ children }: { children: string }) {
  const shown = visibleControls(children)
  // Whole in the tooltip where a list or a heading cuts it short.
  return <bdi title={shown}>{shown}</bdi>
}
