import { create } from 'zustand'

/** The columns of the Transactions table a person may hide; when, amount and counterpart always show. */
export const OPTIONAL_COLUMNS = [
  { id: 'dir', heading: 'Direction' },
  { id: 'wallet', heading: 'Wallet' },
  { id: 'fee', heading: 'Fee' },
  { id: 'status', heading: 'Status' },
  { id: 'network', heading: 'Network' },
  { id: 'hash', heading: 'Tx hash' },
] as const
export type OptionalColumn = (typeof OPTIONAL_COLUMNS)[number]['id']

const KEY = 'payout-desk.tx-hidden-columns'

function saved(): OptionalColumn[] {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]')
    return Array.isArray(list) ? OPTIONAL_COLUMNS.map((c) => c.id).filter((id) => list.includes(id)) : []
  } catch {
    return []
  }
}

interface TxColumnsState {
  hidden: OptionalColumn[]
  toggle(column: OptionalColumn): void
}

/** The columns the person hid on Transactions, kept across restarts (narrow widths hide more on their own). */
export const useTxColumns = create<TxColumnsState>((set, get) => ({
  hidden: saved(),
  toggle(column) {
    const hidden = get().hidden.includes(column) ? get().hidden.filter((c) => c !== column) : [...get().hidden, column]
    localStorage.setItem(KEY, JSON.stringify(hidden))
    set({ hidden })
  },
}))
