import { csvCell } from '../../csv/cell'

/**
 * A signed amount the export computed itself (never someone's text): a spreadsheet reads `-12.5` as the number it is.
 */
export interface SignedAmount {
  signed: string
}

export type PresetCell = string | null | SignedAmount

const SIGNED_DECIMAL = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/

/**
 * One CSV line of a preset: every text cell through `csvCell` (formula characters defused, hidden characters
 * shown), and a signed amount as a bare number, which the tools' sign conventions need. Anything else in an
 * amount cell is a defect, refused rather than written.
 */
export function presetLine(cells: readonly PresetCell[]): string {
  let line = ''
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i]!
    let text: string
    if (cell !== null && typeof cell === 'object') {
      if (!SIGNED_DECIMAL.test(cell.signed)) throw new Error(`Not a signed decimal: ${JSON.stringify(cell.signed)}`)
      text = cell.signed
    } else {
      text = csvCell(cell)
    }
    line += i === 0 ? text : ',' + text
  }
  return line + '\r\n'
}
