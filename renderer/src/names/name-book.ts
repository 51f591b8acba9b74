import type { CounterpartyView, WalletView } from '@shared/ipc/views'
/**
 * What the app knows at an address. `unread` when it matches nothing yet but the wallets or the book have not been
 * read (still loading, or the read failed): the party may well be a destination, so it is not called an outside one.
 */
export type Known =
  | { kind: 'destination'; destination: CounterpartyView }
  | { kind: 'wallet'; wallet: WalletView }
  | { kind: 'unread'; failed: boolean }
  | null

/** Whether a list behind the book has answered: `failed` when its read ended in an error. */
export type ReadState = 'loading' | 'read' | 'failed'

export interface NameBook {
  /** Whether the wallets and the book behind the names have been read. */
  reads: { wallets: ReadState; book: ReadState }
  wallet(id: string): WalletView | undefined
  /** What the app knows at an address: a destination of the book (on `network` when given), else one of the wallets. */
  address(address: string, network?: string | null): Known
}

/** EVM addresses are hex, written in mixed case as a checksum only; every other format is case-sensitive. */
function norm(address: string): string {
  return /^0x[0-9a-fA-F]{40}$/.test(address) ? address.toLowerCase() : address
}

/** An index of the workspace's wallets and destinations by id and address, built once per read of either. */
export function buildNameBook(
  wallets: readonly WalletView[],
  book: readonly CounterpartyView[],
  reads: { wallets: ReadState; book: ReadState } = { wallets: 'read', book: 'read' },
): NameBook {
  const walletsById = new Map(wallets.map((w) => [w.id, w]))
  const destinations = new Map<string, CounterpartyView[]>()
  for (const c of book) destinations.set(norm(c.address), [...(destinations.get(norm(c.address)) ?? []), c])
  const walletsByAddress = new Map<string, WalletView>()
  for (const w of wallets) {
    walletsByAddress.set(norm(w.address), w)
    for (const d of w.deposit_addresses) walletsByAddress.set(norm(d.address), w)
  }
  const states = [reads.wallets, reads.book]
  const unread: Known = states.every((s) => s === 'read') ? null : { kind: 'unread', failed: states.includes('failed') }
  return {
    reads,
    wallet: (id) => walletsById.get(id),
    address(address, network) {
      const key = norm(address)
      const candidates = destinations.get(key) ?? []
      const destination =
        candidates.find((c) => !network || c.network === network) ?? (network ? undefined : candidates[0])
      if (destination) return { kind: 'destination', destination }
      const wallet = walletsByAddress.get(key)
      return wallet ? { kind: 'wallet', wallet } : unread
    },
  }
}
