/**
 * The accounting tools' published import templates, written out by hand from their documentation (never read from the
 * exporter): the generic ledger file, Cryptio's CSV template, Xero's precoded bank statement and QuickBooks Online's
 * three-column bank file; and the two tools' journal imports.
 */
export const GENERIC_COLUMNS = [
  'date',
  'time_zone',
  'entry',
  'debit_account',
  'credit_account',
  'amount',
  'asset',
  'fiat_value',
  'fiat',
  'payee',
  'description',
  'reference',
  'tx_hash',
  'network',
  'wallet_id',
] as const
export const CRYPTIO = [
  'transactionDate',
  'orderType',
  'txhash',
  'incomingAsset',
  'incomingVolume',
  'incomingUnitRate',
  'incomingTransactionValue',
  'outgoingAsset',
  'outgoingVolume',
  'outgoingUnitRate',
  'outgoingTransactionValue',
  'feeAsset',
  'feeVolume',
  'feeUnitRate',
  'feeTransactionValue',
  'otherParties',
  'note',
] as const
export const XERO_STATEMENT = ['Date', 'Amount', 'Payee', 'Description', 'Reference'] as const
export const QBO_THREE_COLUMNS = ['Date', 'Description', 'Amount'] as const

/**
 * Xero's manual journal import template (help.xero.com/ManualJournalsImport, "Download template file"): the
 * asterisks mark the mandatory columns; Amount is a debit when positive, a credit when negative; at most 300 lines a
 * file; dates dd/mm/yyyy; the lines of one journal share its narration and date.
 */
export const XERO_MANUAL_JOURNAL = [
  '*Narration',
  '*Date',
  'Description',
  '*AccountCode',
  '*TaxRate',
  '*Amount',
  'TrackingName1',
  'TrackingOption1',
  'TrackingName2',
  'TrackingOption2',
] as const
/**
 * QuickBooks Online's journal entry import (Intuit: "Import journal entries", Settings › Import data › Journal
 * Entries, and its sample file): the lines of one entry share its JournalNo; Debits and Credits positive, the other
 * blank; the entry balances.
 */
export const QBO_JOURNAL = [
  'JournalNo',
  'JournalDate',
  'AccountName',
  'Debits',
  'Credits',
  'Description',
  'Name',
] as const
