import { z } from 'zod'

/** One field of the policy as it was and as it is, in words: what Activity and `policy history` show. */
export const PolicyFieldChangeSchema = z.strictObject({ field: z.string(), before: z.string(), after: z.string() })
export type PolicyFieldChange = z.infer<typeof PolicyFieldChangeSchema>

type Rules = Record<string, unknown>

/**
 * The fields that differ between two policies (null: none set, the default applies), by a walk over both, so a field
 * this build does not know is listed too (as JSON).
 */
export function policyDiff(before: Rules | null, after: Rules | null): PolicyFieldChange[] {
  const b = before ?? {}
  const a = after ?? {}
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])].sort()
  return fields
    .map((field) => ({ field, before: valueText(b[field]), after: valueText(a[field]) }))
    .filter((c) => c.before !== c.after)
}

/** A rule's value in words; per-asset amounts as ASSET=AMOUNT, sorted, so equal rules read equal. */
export function valueText(value: unknown): string {
  if (value === undefined || value === null) return 'none'
  if (typeof value === 'boolean') return value ? 'on' : 'off'
  if (typeof value === 'string' || typeof value === 'number') return String(value)
  if (Array.isArray(value)) return value.length ? value.map(valueText).join(', ') : 'none'
  const rule = value as Rules
  if (rule.kind === 'any' && Object.keys(rule).length === 1) return 'any destination'
  if (rule.kind === 'verified_for' && typeof rule.hours === 'number') return `verified at least ${rule.hours} h ago`
  if (rule.kind === 'list' && Array.isArray(rule.ids)) return `only ${valueText(rule.ids)}`
  const entries = Object.entries(rule).sort(([x], [y]) => x.localeCompare(y))
  if (entries.length === 0) return 'none'
  if (entries.every(([, v]) => typeof v === 'string')) return entries.map(([k, v]) => `${k}=${v as string}`).join(', ')
  return JSON.stringify(Object.fromEntries(entries))
}
