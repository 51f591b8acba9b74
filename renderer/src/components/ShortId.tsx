import { Fragment } from 'react'
import { shortenMiddle } from '@shared/text/short-middle'
import { CopyButton } from './CopyButton'

/**
 * Break opportunities every four characters: a long address wraps in groups people can compare, never a character a
 * line.
 */
function inGroups(value: string) {
  return (value.match(/.{1,4}/gsu) ?? []).map((group, i) => (
    <Fragment key={i}>
      {i > 0 ? <wbr /> : null}
      {group}
    </Fragment>
  ))
}

export { shortenMiddle }

/**
 * An id, address or hash in monospace, optionally shortened in the middle, with a copy button unless `copy` is false.
 */
export function ShortId({
  value,
  what,
  short = false,
  copy = true,
  keep = 8,
  warning,
  network,
}: {
  value: string
  what: string
  short?: boolean
  copy?: boolean
  keep?: number
  warning?: string
  /** The network of an address: its copy goes through the shell, which watches the clipboard for a swap. */
  network?: string | null
}) {
  return (
    <span className="id-with-copy">
      <code className={short ? 'mono id-short' : 'mono'} title={value} dir="ltr">
        {short ? shortenMiddle(value, keep) : inGroups(value)}
      </code>
      {copy ? <CopyButton value={value} what={what} warning={warning} network={network} /> : null}
    </span>
  )
}
