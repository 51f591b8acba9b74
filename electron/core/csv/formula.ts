/**
 * The characters a spreadsheet reads as the start of a formula (OWASP's CSV injection list: `=`, `+`, `-`, `@`, tab,
 * carriage return). The one rule: a file the desk reads refuses such a cell, a file it writes defuses one (cell.ts).
 */
export const FORMULA_START = /^[=+\-@\t\r]/

/** Why a cell read from a file is refused as a formula, or null. */
export function formulaProblem(value: string): string | null {
  return FORMULA_START.test(value)
    ? `starts with "${JSON.stringify(value[0]).slice(1, -1)}", which a spreadsheet reads as a formula`
    : null
}
