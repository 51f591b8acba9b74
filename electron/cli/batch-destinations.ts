import type { BatchCheck, FirstPayoutRow } from '../core/batch/use-cases'
import type { CliContext } from './cli-context'
import { shown } from '../../shared/text/visible-text'

/** No line of a batch's review is longer than this, whatever the names in it. */
export const REVIEW_LINE_MAX = 300
/** Destinations shown before the terminal asks whether to show more. */
export const REVIEW_PAGE = 20

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' })

/**
 * A name as the review prints it: shown safely (a hidden character as its code), and cut at a whole character with
 * "…" when longer than `max` units.
 */
export function cutName(name: string, max: number): string {
  const safe = shown(name)
  if (safe.length <= max) return safe
  let out = ''
  for (const { segment } of graphemes.segment(safe)) {
    if (out.length + segment.length > max - 1) break
    out += segment
  }
  return `${out}…`
}

/**
 * `prefix` (the line's own columns, left-to-right) and a name last, cut so the line stays within REVIEW_LINE_MAX.
 * The name ends the line: a right-to-left name can reorder only itself, never the amounts and addresses before it
 * (the terminal formatter shows every bidi control as its code, so the position is the isolation a terminal keeps).
 */
export function withName(prefix: string, name: string): string {
  return `${prefix}${cutName(name, Math.max(1, REVIEW_LINE_MAX - prefix.length))}`
}

/** Prints `lines` a page at a time; on a terminal it asks before each further page. False when the person stopped. */
async function paged(ctx: CliContext, lines: readonly string[], what: string): Promise<boolean> {
  for (let i = 0; i < lines.length; i += REVIEW_PAGE) {
    if (i > 0 && ctx.stdinIsTty) {
      ctx.err(`-- ${i} of ${lines.length} ${what} shown; Enter shows ${REVIEW_PAGE} more, q and Enter skips them --`)
      if ((await ctx.readLine()).trim().toLowerCase().startsWith('q')) {
        ctx.out(`  … ${lines.length - i} more ${what} not shown`)
        return false
      }
    }
    for (const line of lines.slice(i, i + REVIEW_PAGE)) ctx.out(line)
  }
  return true
}

const pad = (cells: readonly string[], widths: readonly number[]) =>
  cells.map((c, i) => c.padEnd(widths[i]!)).join('  ')

/** The destinations a batch pays as a table, one per line: how many rows, network, address, then the name. */
export async function printDestinations(ctx: CliContext, check: BatchCheck): Promise<void> {
  const byPlace = new Map<string, { rows: number; network: string; address: string; name: string }>()
  for (const r of check.rows) {
    const place = `${r.body.network ?? ''}\n${r.body.destination}`
    const known = byPlace.get(place)
    if (known) known.rows++
    else
      byPlace.set(place, {
        rows: 1,
        network: r.body.network ?? '',
        address: r.body.destination,
        name: r.destinationName,
      })
  }
  const all = [...byPlace.values()]
  ctx.out(`  to ${all.length} destination${all.length === 1 ? '' : 's'}:`)
  const cells = all.map((d, i) => [String(i + 1), String(d.rows), shown(d.network), shown(d.address)])
  const header = ['#', 'ROWS', 'NETWORK', 'ADDRESS']
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)))
  ctx.out(`    ${pad(header, widths)}  NAME`)
  await paged(
    ctx,
    cells.map((c, i) => withName(`    ${pad(c, widths)}  `, all[i]!.name)),
    'destinations',
  )
}

/** Destinations never paid before, as a table of their own (stdout: part of the review). */
export async function printFirstPayouts(ctx: CliContext, first: readonly FirstPayoutRow[]): Promise<void> {
  if (first.length === 0) return
  ctx.out(
    `  never paid before (no completed payout to the address on its network): ${first.length} ` +
      `destination${first.length === 1 ? '' : 's'}`,
  )
  const cells = first.map((f) => [String(f.line), shown(f.network), shown(f.address)])
  const header = ['LINE', 'NETWORK', 'ADDRESS']
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)))
  ctx.out(`    ${pad(header, widths)}  NAME`)
  await paged(
    ctx,
    cells.map((c, i) => withName(`    ${pad(c, widths)}  `, first[i]!.destinationName)),
    'destinations never paid before',
  )
}
