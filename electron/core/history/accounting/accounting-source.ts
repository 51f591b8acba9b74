import { canonicalAddress } from '../../../../shared/address/lookalike'
import { KnownAddresses } from '../../store/destinations/known-addresses'
import { LedgerRepo } from '../../store/ledger/ledger-repo'
import { LegNotesRepo } from '../../store/ledger/leg-notes-repo'
import type { LegNotesByKey } from '../ledger-csv'
import { PayRunRepo } from '../../store/pay-runs/pay-run-repo'
import { PriceTableRepo } from '../../store/accounting/price-table-repo'
import type { RepoFactory } from '../../store/repo-factory'

/**
 * Names of addresses the profile knows: its destination book's labels first, then its own wallets' names,
 * read from the local index of known addresses (noted each time the app reads the book or the wallets), so an
 * export works offline and the app and the CLI name the same payee.
 */
export class AddressNames {
  private readonly names = new Map<string, string>()
  private readonly own = new Set<string>()

  constructor(known: KnownAddresses) {
    const rows = known.named()
    // The book's label wins over a wallet's name for the same address.
    rows.sort((a, b) => (a.source === b.source ? 0 : a.source === 'destination' ? 1 : -1))
    for (const r of rows) {
      const key = `${r.network}\n${r.address}`
      if (r.label) this.names.set(key, r.label)
      if (r.source === 'own') this.own.add(key)
    }
  }

  private key(network: string | null, address: string): string | null {
    return network === null ? null : `${network}\n${canonicalAddress(network, address)}`
  }

  label(network: string | null, address: string): string | null {
    const key = this.key(network, address)
    return key === null ? null : (this.names.get(key) ?? null)
  }

  isOwn(network: string | null, address: string): boolean {
    const key = this.key(network, address)
    return key !== null && this.own.has(key)
  }
}

/** What an accounting export reads, all over one snapshot connection: the ledger, the price table, the names. */
export interface AccountingSource {
  ledger: LedgerRepo
  prices: PriceTableRepo
  names: AddressNames
  /** The ledger holds this movement's leg in `direction`: both legs of a move between own wallets share one id. */
  hasLeg(id: string, direction: 'in' | 'out'): boolean
  /** The private note and tags a person wrote on legs, read once for the export. */
  notes: LegNotesByKey
  /** The invoice numbers an outgoing leg paid (`INV-1; INV-2`), or null. */
  invoiceOf(txHash: string | null, destination: string): string | null
}

export const accountingSource: RepoFactory<AccountingSource> = (db) => {
  const ledger = new LedgerRepo(db)
  const invoices = new PayRunRepo(db).invoicesOnChain()
  return {
    ledger,
    prices: new PriceTableRepo(db),
    names: new AddressNames(new KnownAddresses(db)),
    hasLeg: (id, direction) => ledger.hasLeg(id, direction),
    notes: new LegNotesRepo(db).all(),
    invoiceOf: (txHash, destination) =>
      txHash === null ? null : (invoices.get(`${txHash}|${destination}`.toLowerCase())?.join('; ') ?? null),
  }
}
