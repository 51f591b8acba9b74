import { findUnsafeChars } from './plain-text'
import { shown } from './visible-text'

/** One string of a result that hides, reorders or imitates text: where it is, how to show it, and what it holds. */
export interface TextFlag {
  /** JSON path of the string, e.g. `data[2].label`. */
  path: string
  /** The string in its visible form (`Maria K [U+202E]evil…`). */
  shown: string
  /** The characters found, each named once (`U+202E RIGHT-TO-LEFT OVERRIDE`). */
  chars: string[]
}

const MAX_FLAGS = 50

/** Every string in `value` (a tool's JSON result) that holds bidi, control, format or look-alike characters. */
export function textFlags(value: unknown): TextFlag[] {
  const out: TextFlag[] = []
  const walk = (v: unknown, path: string): void => {
    if (out.length >= MAX_FLAGS) return
    if (typeof v === 'string') {
      const found = findUnsafeChars(v)
      if (found.length > 0) out.push({ path, shown: shown(v), chars: [...new Set(found.map((f) => f.char))] })
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => walk(item, `${path}[${i}]`))
    } else if (v !== null && typeof v === 'object') {
      for (const [key, item] of Object.entries(v)) walk(item, path ? `${path}.${key}` : key)
    }
  }
  walk(value, '')
  return out
}
