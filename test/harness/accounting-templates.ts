/**
 * The accounting tools' published import templates, written out by hand from their documentation (never read from the
 * exporter): the generic ledger file, Cryptio's CSV template, Xero's precoded bank statement and QuickBooks Online's
 * three-column bank file.
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
