import { randomUUID } from 'node:crypto'
import { quoteInput } from '../../../shared/api/text'
import { DeskError } from '../errors'
import type { RunLine } from '../store'
import { payeeKey, type RunLineInput } from './run-lines'

const placeOf = (l: { destination: string; asset: string; network: string | null }) =>
  `${l.network ?? ''}|${l.asset.toLowerCase()}|${l.destination.trim().toLowerCase()}`

/**
 * The run's new lines with their ids: a line_id column's, else the id of the kept line with the same payee, else of
 * the one line paying the same destination the same asset (a renamed reference), else a new one. Reordering, renaming
 * or changing an amount so keeps a line's id, and with it the keys of every period.
 */
export function withLineIds(kept: readonly RunLine[], incoming: readonly RunLineInput[]): RunLine[] {
  const known = new Set(kept.map((l) => l.id))
  const given = incoming.flatMap((l) => (l.id === null ? [] : [l.id]))
  const problems: string[] = []
  for (const id of given.filter((id, i) => given.indexOf(id) !== i))
    problems.push(`line_id ${quoteInput(id)} is on two lines.`)
  if (kept.length > 0)
    for (const id of given.filter((id) => !known.has(id)))
      problems.push(`line_id ${quoteInput(id)} is not a line of this run (leave it empty for a new line).`)
  if (problems.length > 0)
    throw new DeskError('invalid_input', `The run's lines were not kept; nothing changed. ${problems.join(' ')}`)
  const free = new Map(kept.filter((l) => !given.includes(l.id)).map((l) => [l.id, l]))
  const take = (match: (l: RunLine) => boolean): string | null => {
    const found = [...free.values()].filter(match)
    if (found.length !== 1) return null
    free.delete(found[0]!.id)
    return found[0]!.id
  }
  const byPayee = incoming.map((l) => l.id ?? take((k) => payeeKey(k.payee) === payeeKey(l.payee)))
  return incoming.map((l, i) => ({
    ...l,
    id: byPayee[i] ?? take((k) => placeOf(k) === placeOf(l)) ?? randomUUID(),
  }))
}
