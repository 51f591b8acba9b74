import type { UntrustedText } from '../../shared/text/untrusted-text'
import { shown, shownLines } from '../../shared/text/visible-text'
import type { CliIo } from './cli-context'

/**
 * The CLI's one output formatter, between every command and the terminal: in each printed line, control characters
 * (ESC and the sequences it starts, CSI and the other C1 controls, CR, backspace), bidi controls and invisible format
 * characters are shown as their code (`[U+001B]`), so text from an agent or the provider can neither move the cursor,
 * erase or recolour a line nor reorder what is printed. Line breaks are the command's own; a field that may hold one
 * is passed through `shown()` by the command (the desk/untrusted-text lint rule asks for it).
 */
export function terminalIo(io: CliIo): CliIo {
  return {
    out: (text) => io.out(shownLines(text)),
    err: (text) => io.err(shownLines(text)),
    stdinIsTty: io.stdinIsTty,
    readStdin: () => io.readStdin(),
    readLine: () => io.readLine(),
    readHiddenLine: (prompt) => io.readHiddenLine(shownLines(prompt)),
  }
}

/**
 * Columns padded to their widest cell; every cell in its visible form, so one cell can neither break nor bend a row.
 */
export function printTable(
  out: (line: string) => void,
  header: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<string | UntrustedText>>,
): void {
  const cells = rows.map((r) => r.map((c) => shown(c)))
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((r) => r[i]!.length)))
  for (const r of [header, ...cells])
    out(
      r
        .map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!)))
        .join('  ')
        .trimEnd(),
    )
}
