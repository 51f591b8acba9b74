import type { ChannelOutput } from '../../shared/ipc/channels'
import { UserText } from '../../renderer/src/names/UserText'
import { shown, untrustedForMatching } from '../../shared/text'

/** Someone else's text reaches JSX only through <UserText> or shown(): every way round it does not compile. */
declare const c: ChannelOutput<'counterparties.list'>[number]
declare const hit: ChannelOutput<'payouts.search'>[number]
declare const wallet: ChannelOutput<'wallets.list'>[number]

export const wrapped = <UserText>{c.label}</UserText>
export const shownNote = <td>{hit.note === null ? null : shown(hit.note)}</td>
export const sorted = [c, c].sort((a, b) => untrustedForMatching(a.label).localeCompare(untrustedForMatching(b.label)))
export const sameLabel = c.label === c.label

const { label } = c
export const destructured = <td>{label}</td> // must not compile
export const trimmed = <td>{c.label.trim()}</td> // must not compile
export const sliced = <td>{c.label.slice(0, 40)}</td> // must not compile
export const stringOf = <td>{String(hit.note)}</td> // must not compile
export const inArray = <td>{[wallet.name]}</td> // must not compile
export const joined = <td>{[c.label, c.company_name].join(' ')}</td> // must not compile
export const inTitle = <td title={c.label}>x</td> // must not compile
export const asKey = <td key={hit.reference}>x</td> // must not compile
