import { useState } from 'react'
import {
  ACCOUNTING_FORMAT_NAMES,
  ACCOUNTING_FORMATS,
  STATEMENT_FORMATS,
  type AccountingFormat,
} from '@shared/api/accounting-export'
import type { LedgerFilter } from '@shared/api/ledger-query'
import { CsvExportPanel } from '../../components/CsvExportPanel'
import { Field } from '../../components/Field'
import { useDeskQuery } from '../../data/useDeskQuery'
import { useDeskMutation } from '../../data/useDeskMutation'
import { useTimeZone } from '../../stores/time-zone'
import { PriceTableImport } from './PriceTableImport'
import { CanWrite } from '../../components/CanWrite'

const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone

/**
 * Exports every ledger row of the current filter to CSV, read on this machine, with progress and a cancel: in the
 * ledger's own columns, or in an accounting tool's import format (dates in the zone the app shows, fiat from the
 * imported price table only).
 */
export function ExportPanel({ filter }: { filter: LedgerFilter }) {
  const [format, setFormat] = useState<AccountingFormat | ''>('')
  const [fiat, setFiat] = useState('')
  const prices = useDeskQuery('history.prices', {})
  const exportLedger = useDeskMutation('transactions.export')
  const zone = useTimeZone((s) => s.zone)
  const timeZone = zone === 'utc' ? 'UTC' : localZone()
  const needsAsset = format !== '' && STATEMENT_FORMATS.includes(format) && !filter.asset
  const fiats = prices.data?.fiats ?? []
  const chosenFiat = fiats.includes(fiat) ? fiat : ''
  const datesNote =
    format === 'cryptio'
      ? 'Dates in UTC, as Cryptio asks.'
      : `Dates in ${timeZone === 'UTC' ? 'UTC' : `local time (${timeZone})`}, as the app shows them.`
  const note = needsAsset
    ? 'A bank statement is one account in one currency: choose an asset in the filters first (and a wallet and ' +
      'a network where it moved in several).'
    : format === ''
      ? 'Every movement of the current filter in the ledger, not only the rows loaded, oldest first.'
      : `Completed movements of the current filter, fees as their own lines where the format needs them. ${datesNote}`

  return (
    <section aria-label="Export settings">
      <div className="row">
        <Field label="Format">
          <select value={format} onChange={(e) => setFormat(e.target.value as AccountingFormat | '')}>
            <option value="">Ledger columns (Payout Desk)</option>
            {ACCOUNTING_FORMATS.map((f) => (
              <option key={f} value={f}>
                {ACCOUNTING_FORMAT_NAMES[f]}
              </option>
            ))}
          </select>
        </Field>
        {format !== '' ? (
          <Field label="Fiat value" hint={fiats.length === 0 ? 'Import a price table to fill it.' : undefined}>
            <select value={chosenFiat} disabled={fiats.length === 0} onChange={(e) => setFiat(e.target.value)}>
              <option value="">Blank</option>
              {fiats.map((f) => (
                <option key={f} value={f}>
                  {f}
                </option>
              ))}
            </select>
          </Field>
        ) : null}
      </div>
      {format !== '' ? (
        <CanWrite>
          <PriceTableImport summary={prices.data} />
        </CanWrite>
      ) : null}
      <CsvExportPanel
        label={format === '' ? 'Export filter to CSV' : `Export as ${ACCOUNTING_FORMAT_NAMES[format]}`}
        note={note}
        disabled={needsAsset}
        cancelChannel="transactions.cancelExport"
        run={() =>
          exportLedger.mutateAsync(
            format === ''
              ? filter
              : { ...filter, accounting: { format, timeZone, ...(chosenFiat ? { fiat: chosenFiat } : {}) } },
          )
        }
        progressText={format === '' ? undefined : (p) => `${p.rows} lines so far`}
      />
    </section>
  )
}
