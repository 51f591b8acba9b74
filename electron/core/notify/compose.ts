import Big from 'big.js'
import { approverWords } from '../../../shared/address/approver-words'
import { findNetwork } from '../../../shared/api/networks'
import { isLoopbackHost } from '../../../shared/api/base-url'
import type { Withdrawal } from '../../../shared/api/resources'
import { ageText } from '../../../shared/format/age'
import { timeLeft } from '../../../shared/notify/notify-settings'
import { shortenMiddle } from '../../../shared/text/short-middle'
import { simulatorConsoleUrl } from '../keys/use-cases'
import { approvalPack, type PackLine } from '../batch/use-cases'
import type { Profile } from '../profiles/profile'
import { untrustedPart as u, type NotifyMessage, type Segment } from './message'

/** What one payout line of a message names. */
export interface PayoutFacts {
  id: string | null
  amount: string
  asset: string
  network: string | undefined
  destination: string
  walletId: string
  payeeName: string | null
  walletName: string | null
}

type Where = Pick<Profile, 'environment' | 'baseUrl' | 'embedded'>

/** Where approvers approve: the provider's console when the profile knows it (the local simulator's), never a link
 * that approves. */
function consoleLine(profile: Where): Segment[] {
  const host = new URL(profile.baseUrl).hostname
  const known = profile.embedded || isLoopbackHost(host) ? simulatorConsoleUrl(profile.baseUrl) : null
  return [
    known
      ? `Approve or reject it in the provider's console (${known}); check the address and the words there.`
      : `Approve or reject it in the provider's console; check the address and the words there.`,
  ]
}

const envLine = (profile: Where): Segment[] => [
  `Environment: ${profile.environment === 'production' ? 'PRODUCTION' : 'sandbox'}`,
]

const networkName = (id: string | undefined): string => (id ? (findNetwork(id)?.name ?? id) : '')

function payeeSegments(p: PayoutFacts): Segment[] {
  const address = shortenMiddle(p.destination)
  return p.payeeName ? [u(p.payeeName), ` (${address})`] : [`${address} (not in the destination book)`]
}

/** One payout waiting for approval, as its approvers first hear of it. */
export function payoutMessage(profile: Where, p: PayoutFacts, requestedBy: string): NotifyMessage {
  const on = p.network ? ` on ${networkName(p.network)}` : ''
  return {
    kind: 'payout',
    title: `Payout of ${p.amount} ${p.asset} waits for approval`,
    lines: [
      envLine(profile),
      [`Amount: ${p.amount} ${p.asset}${on}`],
      ['To: ', ...payeeSegments(p)],
      ['Wallet: ', ...(p.walletName ? [u(p.walletName), ` (${p.walletId})`] : [p.walletId])],
      ['Requested by: ', u(requestedBy)],
      [`Payout id: ${p.id ?? '(not known yet)'}`],
      [`Approver words: ${p.network ? approverWords(p.network, p.destination).join(' ') : '(no network)'}`],
      consoleLine(profile),
    ],
    payoutIds: p.id ? [p.id] : [],
    amounts: [{ asset: p.asset, amount: p.amount }],
    environment: profile.environment,
  }
}

/** Sums per asset, in decimals (never floats). */
export function totals(rows: ReadonlyArray<Pick<PayoutFacts, 'asset' | 'amount'>>): NotifyMessage['amounts'] {
  const sums = new Map<string, Big>()
  for (const r of rows) sums.set(r.asset, (sums.get(r.asset) ?? new Big(0)).plus(r.amount))
  return [...sums].map(([asset, sum]) => ({ asset, amount: sum.toFixed() }))
}

const totalText = (amounts: NotifyMessage['amounts']): string => amounts.map((a) => `${a.amount} ${a.asset}`).join(', ')

/**
 * A batch or a pay-run period: one message with its totals and row count, never one per row, and its approval pack's
 * list (each line as the console lists it, names as someone else's text) with the list's SHA-256.
 */
export function batchMessage(
  profile: Where,
  batch: { id: string; source: string; requestedBy: string },
  rows: readonly PayoutFacts[],
): NotifyMessage {
  const amounts = totals(rows)
  const lines = rows.flatMap((r): PackLine[] =>
    r.id === null
      ? []
      : [
          {
            payoutId: r.id,
            amount: r.amount,
            asset: r.asset,
            network: r.network ?? '',
            walletId: r.walletId,
            name: r.payeeName ?? '',
            address: r.destination,
          },
        ],
  )
  const pack =
    lines.length > 0
      ? approvalPack({ title: batch.source, environment: profile.environment, recorded: batch.requestedBy }, lines)
      : null
  return {
    kind: 'batch',
    title: `${rows.length} payouts wait for approval (${totalText(amounts)})`,
    lines: [
      envLine(profile),
      ['Batch: ', u(batch.source), ` (${batch.id})`],
      [`Rows: ${rows.length}`],
      [`Totals: ${totalText(amounts)}`],
      ['Requested by: ', u(batch.requestedBy)],
      ...(pack === null
        ? []
        : [
            ['Approval pack: check each line against the console (payout id | amount | network | name | address):'],
            ...pack.lines.map((l, i): Segment[] => [
              `${i + 1}. ${l.payoutId} | ${l.amount} ${l.asset} | ${networkName(l.network)} | `,
              u(l.name),
              ` | ${l.address}`,
            ]),
            [`List SHA-256: ${pack.sha256} (of these lines as the approval pack file prints them)`],
          ]),
      consoleLine(profile),
    ],
    payoutIds: rows.flatMap((r) => (r.id ? [r.id] : [])),
    amounts,
    environment: profile.environment,
  }
}

/** Payouts still waiting: a reminder (T1), an escalation (T2) or the day's digest. */
export function waitingMessage(
  profile: Where,
  kind: 'reminder' | 'escalation' | 'digest',
  waiting: readonly Withdrawal[],
  now: Date,
  expiresAfterHours: number | null,
): NotifyMessage {
  const amounts = totals(waiting)
  const title =
    kind === 'digest'
      ? `${waiting.length} payout(s) wait for approval today (${totalText(amounts)})`
      : kind === 'escalation'
        ? `Nobody has approved ${waiting.length} payout(s) yet (${totalText(amounts)})`
        : `Reminder: ${waiting.length} payout(s) still wait for approval (${totalText(amounts)})`
  const lines: Segment[][] = waiting.slice(0, 50).map((w) => {
    const waited = now.getTime() - Date.parse(w.created_at)
    const left = timeLeft(waited, expiresAfterHours)
    return [
      `${w.amount} ${w.asset} to ${shortenMiddle(w.destination)}, payout ${w.id}, waiting ${ageText(waited)}` +
        (left ? `; ${left}` : ''),
    ]
  })
  if (waiting.length > 50) lines.push([`… and ${waiting.length - 50} more`])
  return {
    kind,
    title,
    lines: [envLine(profile), ...lines, consoleLine(profile)],
    payoutIds: waiting.map((w) => w.id),
    amounts,
    environment: profile.environment,
  }
}

export function testMessage(profile: Where & Pick<Profile, 'name'>, channelName: string): NotifyMessage {
  return {
    kind: 'test',
    title: 'Payout Desk test message',
    lines: [
      envLine(profile),
      ['Profile: ', u(profile.name)],
      ['This channel (', u(channelName), ') will be told of payouts waiting for approval.'],
    ],
    payoutIds: [],
    amounts: [],
    environment: profile.environment,
  }
}
