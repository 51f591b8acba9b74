/** One problem of a destination file as the core names it: "Line 5, vasp_name: Provider name is empty; …". */
export interface FileProblem {
  line: number
  column: string | null
  message: string
}

/** The same problem on many lines, told once: what it is, in which column, on how many lines and which. */
export interface ProblemGroup {
  column: string | null
  problem: string
  lines: number[]
  /** The core's own words for the first line: how a problem on one line alone is told. */
  first: string
}

/** How many ranges of lines a group names before it says how many more. */
const MAX_RANGES = 8

/** The message without its own line, so identical problems on different lines read the same. */
function problemOf(p: FileProblem): string {
  const prefix = `Line ${p.line}${p.column ? `, ${p.column}` : ''}: `
  if (p.message.startsWith(prefix)) return p.message.slice(prefix.length)
  return p.message.startsWith(`Line ${p.line} `) ? `The line ${p.message.slice(`Line ${p.line} `.length)}` : p.message
}

/** Problems grouped by column and wording, in the order of the first line each appears on. */
export function groupProblems(problems: readonly FileProblem[]): ProblemGroup[] {
  const groups = new Map<string, ProblemGroup>()
  for (const p of [...problems].sort((a, b) => a.line - b.line)) {
    const problem = problemOf(p)
    const key = `${p.column ?? ''}\u0000${problem}`
    const group = groups.get(key) ?? { column: p.column, problem, lines: [], first: p.message }
    if (!group.lines.includes(p.line)) group.lines.push(p.line)
    groups.set(key, group)
  }
  return [...groups.values()]
}

/** "Line 5", "Lines 2–201", "Lines 2–4, 9, 12–20 and 30 more": consecutive lines as one range. */
export function linesWords(lines: readonly number[]): string {
  const ranges: Array<[number, number]> = []
  for (const line of lines) {
    const last = ranges.at(-1)
    if (last && line === last[1] + 1) last[1] = line
    else ranges.push([line, line])
  }
  const shown = ranges.slice(0, MAX_RANGES).map(([a, b]) => (a === b ? `${a}` : `${a}–${b}`))
  const rest = ranges.slice(MAX_RANGES).reduce((n, [a, b]) => n + b - a + 1, 0)
  const list = rest > 0 ? `${shown.join(', ')} and ${rest} more` : shown.join(', ')
  return `${lines.length === 1 ? 'Line' : 'Lines'} ${list}`
}

/** One group on one line: the core's words for a lone line, else "Lines 2–201 (200), vasp_name: the problem". */
export function groupWords(g: ProblemGroup): { where: string; problem: string } | { where: null; problem: string } {
  if (g.lines.length === 1) return { where: null, problem: g.first }
  return {
    where: `${linesWords(g.lines)} (${g.lines.length} lines)${g.column ? `, ${g.column}` : ''}: `,
    problem: g.problem,
  }
}
