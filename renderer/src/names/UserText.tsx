import { visibleControls } from './safe-text'

/** Text someone typed (a label, a name): isolated from its neighbours, with direction controls made visible. */
export function UserText({ children }: { children: string }) {
  return <bdi>{visibleControls(children)}</bdi>
}
