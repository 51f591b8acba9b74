/** Keeps both ends of a long id, address or hash visible: people compare those (the screens and the messages alike). */
export function shortenMiddle(value: string, keep = 8): string {
  return value.length <= keep * 2 + 1 ? value : `${value.slice(0, keep)}…${value.slice(-keep)}`
}
