/**
 * The characters a spreadsheet reads as the start of a formula (OWASP's CSV injection list: `=`, `+`, `-`, `@`, tab,
 * carriage return). The one rule: a file the desk writes defuses every such cell (cell.ts); a file it reads refuses
 * them all but a leading minus, which plain references carry ("-42 refund", a credit note) and which every file the
 * desk writes defuses again.
 */
export const FORMULA_START = /^[=+\-@\t\r]/
const REFUSED_ON_READ = /^[=+@\t\r]/

/** Why a cell read from a file is refused as a formula, or null. */
export function formulaProblem(value: string): string | null {
  return REFUSED_ON_READ.test(value)
    ? `starts with "${JSON.stringify(value[0]).slice(1, -1)}", which a spreadsheet reads as a formula`
    : null
}
