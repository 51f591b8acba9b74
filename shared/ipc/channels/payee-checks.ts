import { z } from 'zod'
import { CreateWithdrawalSchema } from '../../api/requests'
import { text } from '../../api/text'
import { channels } from '../channel'
import { untrusted } from '../../text/untrusted-text'

const DifferenceSchema = z.strictObject({
  field: z.enum(['wallet_id', 'asset', 'amount', 'network', 'destination']),
  asked: text(),
  recorded: text(),
})

/** A withdrawal the provider recorded otherwise than the desk asked; sends stop while one is not acknowledged. */
export const AlterationViewSchema = z.strictObject({
  withdrawalId: text(),
  key: text(),
  differences: z.array(DifferenceSchema),
  detectedAt: text(),
  /** The alarm in the words every surface shows. */
  message: text(),
})
export type AlterationView = z.infer<typeof AlterationViewSchema>

export const ScreeningListViewSchema = z.strictObject({
  name: text(),
  source: text(),
  published: text().nullable(),
  importedAt: text(),
  addresses: z.number().int(),
  ageDays: z.number().int(),
  stale: z.boolean(),
})
export type ScreeningListView = z.infer<typeof ScreeningListViewSchema>

const ListedEntrySchema = z.strictObject({
  address: untrusted(text()),
  currency: untrusted(text()),
  entry: untrusted(text()),
})

/** What the screening lists name among what is already there: book entries, and payouts still waiting. */
export const ScreeningFindingsSchema = z.strictObject({
  destinations: z.array(
    z.strictObject({
      id: text(),
      label: untrusted(text()),
      network: text(),
      address: text(),
      list: untrusted(text()),
      entry: untrusted(text()),
    }),
  ),
  payouts: z.array(
    z.strictObject({
      key: text().nullable(),
      withdrawalId: text().nullable(),
      waiting: z.enum(['pending_approval', 'queued', 'held']),
      asset: text(),
      amount: text(),
      network: text(),
      destination: text(),
      list: untrusted(text()),
      entry: untrusted(text()),
    }),
  ),
})
export type ScreeningFindingsView = z.infer<typeof ScreeningFindingsSchema>

export const PayeeChangeViewSchema = z.strictObject({
  payee: untrusted(text()),
  destinationId: text(),
  addedAt: text(),
  waitUntil: text(),
  confirmation: z
    .strictObject({
      destinationId: text(),
      confirmedBy: untrusted(text()),
      channel: text(),
      note: untrusted(text()),
      confirmedAt: text(),
      recordedBy: text(),
    })
    .nullable(),
  paidBefore: z.boolean(),
  /** Null when it may be paid; else why not. */
  blocked: text().nullable(),
})
export type PayeeChangeView = z.infer<typeof PayeeChangeViewSchema>

export const PayoutCheckSchema = z.strictObject({
  check: z.enum(['verified', 'first_payout', 'payee_change', 'lookalike', 'screening']),
  /** `pass`: nothing stops it; `ask`: a person confirms it; `stop`: it is not sent. */
  result: z.enum(['pass', 'ask', 'stop']),
  detail: text(),
})
export type PayoutCheckView = z.infer<typeof PayoutCheckSchema>

export const CONFIRM_CHANNEL_NAMES = [
  'phone',
  'video',
  'in-person',
  'signed-letter',
  'email-verified',
  'other',
] as const
const id = text().min(1).max(128)

export const payeeCheckChannels = channels({
  /** Altered withdrawals no person has acknowledged yet, oldest first. */
  'alterations.list': { input: z.strictObject({}), output: z.array(AlterationViewSchema) },
  /** A person has seen the alteration (and cancelled the withdrawal or settled it with the provider); audited. */
  'alterations.acknowledge': { input: z.strictObject({ withdrawalId: id }), output: z.strictObject({}) },
  /** Imports a screening list from a file the person chose (OFAC sdn.xml or a CSV); replaces the list of that name. */
  'screening.import': {
    input: z.strictObject({
      fileName: text().min(1).max(255),
      base64: z.string().max(70_000_000),
      name: text().max(80).optional(),
    }),
    output: z.strictObject({
      name: text(),
      addresses: z.number().int(),
      published: text().nullable(),
      /** The first entries that are the address of no network (not listed), and how many there were. */
      notAddresses: z.array(ListedEntrySchema),
      notAddressCount: z.number().int(),
      findings: ScreeningFindingsSchema,
      bookUnread: text().nullable(),
    }),
  },
  /** What the lists name now in the book and among waiting payouts (the book read from the provider). */
  'screening.hits': {
    input: z.strictObject({}),
    output: z.strictObject({ findings: ScreeningFindingsSchema, bookUnread: text().nullable() }),
  },
  /** Cancels every waiting payout to a listed address in one step; each one's outcome. */
  'screening.cancelHits': {
    input: z.strictObject({}),
    output: z.array(
      z.strictObject({
        payout: ScreeningFindingsSchema.shape.payouts.element,
        outcome: z.enum(['cancelled', 'discarded', 'not_cancelled']),
        problem: text().nullable(),
      }),
    ),
  },
  /** Every screening list with its age; `stale` past the desk's limit. */
  'screening.status': { input: z.strictObject({}), output: z.array(ScreeningListViewSchema) },
  /** Where a destination's payee change stands, or null when it is no payee change. */
  'payees.changeOf': { input: z.strictObject({ destinationId: id }), output: PayeeChangeViewSchema.nullable() },
  /** Records how a person confirmed a payee's new address with the payee; audited. */
  'payees.confirmChange': {
    input: z.strictObject({
      destinationId: id,
      by: text().min(1).max(120),
      channel: z.enum(CONFIRM_CHANNEL_NAMES),
      note: text().min(1).max(1000),
      /** When the payee confirmed it (ISO time); the time it is recorded when not given. */
      confirmedAt: text().datetime({ offset: true }).optional(),
    }),
    output: PayeeChangeViewSchema,
  },
  /** Hours a payee's new address waits before it may be paid (with a recorded confirmation). */
  'payees.changeWait': { input: z.strictObject({}), output: z.strictObject({ hours: z.number() }) },
  'payees.setChangeWait': {
    input: z.strictObject({ hours: z.number().min(0).max(720) }),
    output: z.strictObject({ hours: z.number() }),
  },
  /** Every check a payout passes before it is sent, in the send gate's order, with its result. */
  'payouts.explain': { input: z.strictObject({ body: CreateWithdrawalSchema }), output: z.array(PayoutCheckSchema) },
})
