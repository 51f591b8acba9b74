import { DECIMAL_PATTERN } from '@shared/api/amount'
import { amountKey } from '@shared/api/amount-key'
import { tagProblem } from '@shared/api/leg-notes'
import type { LedgerFilter } from '@shared/api/ledger-query'
import { statusLabel } from '../../components/status-words'
import { networkName } from '../../format/network-name'

/** What the filter controls hold: empty text means "any". Times are ISO instants. */
export interface FilterDraft {
  walletId: string
  asset: string
  network: string
  direction: '' | 'in' | 'out' | 'internal'
  status: string
  from: string | null
  to: string | null
  minAmount: string
  maxAmount: string
  text: string
  /** Only legs flagged as suspected address poisoning. */
  suspectedPoisoning: boolean
  /** Only legs a person tagged with this tag. */
  tag: string
}

export const EMPTY_DRAFT: FilterDraft = {
  walletId: '',
  asset: '',
  network: '',
  direction: '',
  status: '',
  from: null,
  to: null,
  minAmount: '',
  maxAmount: '',
  text: '',
  suspectedPoisoning: false,
  tag: '',
}

export interface FilterProblems {
  range?: string
  minAmount?: string
  maxAmount?: string
  tag?: string
}

const NOT_DECIMAL = 'A plain decimal number, like 1250.5 (no separators).'

/** The ledger filter of the controls, or the problems that keep it from being asked. */
export function toLedgerFilter(
  d: FilterDraft,
): { filter: LedgerFilter; problems: null } | { filter: null; problems: FilterProblems } {
  const problems: FilterProblems = {}
  if (d.from && d.to && d.from >= d.to) problems.range = 'The start must be before the end.'
  const min = d.minAmount.trim()
  const max = d.maxAmount.trim()
  if (min && !DECIMAL_PATTERN.test(min)) problems.minAmount = NOT_DECIMAL
  if (max && !DECIMAL_PATTERN.test(max)) problems.maxAmount = NOT_DECIMAL
  if (!problems.minAmount && !problems.maxAmount && min && max && amountKey(min) > amountKey(max))
    problems.maxAmount = 'The largest amount must not be below the smallest.'
  const tag = d.tag.trim()
  const badTag = tag ? tagProblem(tag) : null
  if (badTag) problems.tag = badTag
  if (Object.keys(problems).length > 0) return { filter: null, problems }
  const text = d.text.trim()
  const filter: LedgerFilter = {
    ...(d.walletId ? { walletId: d.walletId } : {}),
    ...(d.asset ? { asset: d.asset } : {}),
    ...(d.network ? { network: d.network } : {}),
    ...(d.direction ? { direction: d.direction } : {}),
    ...(d.status ? { status: d.status } : {}),
    ...(d.from ? { from: d.from } : {}),
    ...(d.to ? { to: d.to } : {}),
    ...(min ? { minAmount: min } : {}),
    ...(max ? { maxAmount: max } : {}),
    ...(text ? { text } : {}),
    ...(d.suspectedPoisoning ? { suspectedPoisoning: true as const } : {}),
    ...(tag ? { tag: tag.toLowerCase() } : {}),
  }
  return { filter, problems: null }
}

/** The filter in words, for the empty state: "No movements in wallet “Payroll”, out, in USDC, matching “0xab”". */
export function describeFilter(d: FilterDraft, walletName: string | null, time: (iso: string) => string): string {
  const parts = [
    walletName ? `in wallet “${walletName}”` : 'in any wallet',
    d.direction ? `direction ${d.direction}` : '',
    d.asset ? `in ${d.asset}` : '',
    d.network ? `on ${networkName(d.network)}` : '',
    d.status ? (d.status === 'not_final' ? 'not final' : `with status ${statusLabel(d.status)}`) : '',
    d.from ? `recorded after ${time(d.from)}` : '',
    d.to ? `until ${time(d.to)}` : '',
    d.minAmount.trim() ? `of at least ${d.minAmount.trim()}` : '',
    d.maxAmount.trim() ? `of at most ${d.maxAmount.trim()}` : '',
    d.text.trim() ? `matching “${d.text.trim()}”` : '',
    d.suspectedPoisoning ? 'flagged as suspected poisoning' : '',
    d.tag.trim() ? `tagged “${d.tag.trim().toLowerCase()}”` : '',
  ]
  return parts.filter(Boolean).join(', ')
}
